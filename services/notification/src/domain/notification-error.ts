export type NotificationErrorCode =
  | 'NOTIFICATION.INVALID_EVENT'
  | 'NOTIFICATION.DISPATCH_NOT_FOUND'
  | 'NOTIFICATION.INVALID_INBOUND_SMS'
  /** A claim token this service did not sign, or not a token at all. */
  | 'NOTIFICATION.INVALID_CLAIM_TOKEN'
  /** A claim token whose report can no longer be claimed. */
  | 'NOTIFICATION.CLAIM_TOKEN_EXPIRED'
  | 'NOTIFICATION.MEMBER_NOT_FOUND'
  /** A test alert no chosen channel took: nowhere to send it, or every channel refused it. */
  | 'NOTIFICATION.TEST_ALERT_NOT_SENT';

export class NotificationError extends Error {
  override readonly name = 'NotificationError';

  constructor(
    readonly code: NotificationErrorCode,
    message: string,
  ) {
    super(message);
  }
}
