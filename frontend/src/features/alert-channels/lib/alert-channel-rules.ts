import type { AlertChannels } from '../api/get-alert-channels';

export const alertChannelMessages = {
  updated: 'Your alert channels have been updated.',
  updateFailed: 'Failed to update alert channels.',
  atLeastOne: 'Choose at least one way to be alerted.',
  lastDevice: 'Choose at least one way to be alerted: tick Text message or Email before removing your last device.',
  permissionDenied:
    'Notifications are blocked for Swarm Alert in this browser. To allow them, open the site settings (the icon at the left of the address bar, or Settings, then Site settings, then Notifications; in the installed app, its App info, then Notifications), allow notifications, then tick the box again.',
  permissionDismissed: 'Notifications were not allowed. Tick the box again to be asked again.',
  pushFailed: 'Could not turn on notifications on this device.',
  removeFailed: 'Failed to remove the device.',
  deviceRemoved: (name: string) => `${name} will no longer get alerts.`,
  testFailed: 'Could not send a test alert.',
  noDevices: 'No devices yet. Tick "Notification on this device" on each phone or computer you want alerts on.',
} as const;

export const channelLabels = { sms: 'Text message', push: 'Notification on this device', email: 'Email' } as const;

const channelWords: Record<string, string> = { sms: 'text message', push: 'notification', email: 'email' };

/** ['sms', 'push', 'email'] → 'text message, notification and email'. */
export function channelList(channels: readonly string[]): string {
  const words = channels.map((channel) => channelWords[channel] ?? channel);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * How the location of a swarm the member claims reaches them: the same ways as the alerts that reach them (a device
 * is needed for notifications); by text message when none would.
 */
export function locationArrivesMessage(channels: AlertChannels): string {
  const reaching = (['sms', 'push', 'email'] as const).filter((channel) => (channel === 'push' ? pushReachesMember(channels) : channels[channel]));
  return `When you claim a swarm, its location and the reporter’s phone come to you by ${channelList(reaching.length > 0 ? reaching : ['sms'])}.`;
}

export const testAlertSentMessage = (channels: readonly string[]) =>
  channels.length === 0 ? 'A test alert is on its way.' : `A test alert is on its way by ${channelList(channels)}.`;

/** Push alerts reach the member only when it is on and some device gets them. */
export const pushReachesMember = (channels: AlertChannels, devices = channels.devices) => channels.push && devices.length > 0;

/** Whether the member would still be alerted some way after a change (the server refuses all off too). */
export function leavesSomeChannel(channels: AlertChannels, change: { sms?: boolean; email?: boolean; devicesLeft?: AlertChannels['devices'] }): boolean {
  const sms = change.sms ?? channels.sms;
  const email = change.email ?? channels.email;
  return sms || email || pushReachesMember(channels, change.devicesLeft);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the member area shows dates (YYYY-MM-DD, the phone's own day); '' when unreadable. */
export function formatAddedDate(value: string): string {
  const date = new Date(value);
  if (value === '' || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
