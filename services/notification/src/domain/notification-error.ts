export type NotificationErrorCode =
  | 'NOTIFICATION.INVALID_EVENT'
  | 'NOTIFICATION.DISPATCH_NOT_FOUND'
  | 'NOTIFICATION.INVALID_INBOUND_SMS'
  /** A statistics period that is empty, reversed or longer than two years. */
  | 'NOTIFICATION.INVALID_PERIOD';

export class NotificationError extends Error {
  override readonly name = 'NotificationError';

  constructor(
    readonly code: NotificationErrorCode,
    message: string,
  ) {
    super(message);
  }
}
