export type NotificationErrorCode = 'NOTIFICATION.INVALID_EVENT' | 'NOTIFICATION.DISPATCH_NOT_FOUND' | 'NOTIFICATION.INVALID_INBOUND_SMS';

export class NotificationError extends Error {
  override readonly name = 'NotificationError';

  constructor(
    readonly code: NotificationErrorCode,
    message: string,
  ) {
    super(message);
  }
}
