/** The channels an alert can go by, as the notification service names them in alert.sent. */
export type AlertChannel = 'sms' | 'push' | 'email';

export const ALERT_CHANNELS: readonly AlertChannel[] = ['sms', 'push', 'email'];
