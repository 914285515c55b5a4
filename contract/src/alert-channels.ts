import { alertChannels as alertChannelLabels } from '@swarm/proto/labels';
import { z } from 'zod';
import { isoInstantOrEmpty } from './common.js';

/** A device (a browser on a phone or computer) the member gets alerts on by Web Push; its subscription is never shown. */
export const pushDevice = z.object({ deviceId: z.string(), name: z.string(), addedAt: isoInstantOrEmpty });
export type PushDevice = z.output<typeof pushDevice>;

/** GET and PUT /api/member/alert-channels: which ways the member is alerted, and their devices, oldest first. */
export const alertChannels = z.object({ sms: z.boolean(), push: z.boolean(), email: z.boolean(), devices: z.array(pushDevice) });
export type AlertChannels = z.output<typeof alertChannels>;
export type AlertChannel = keyof Omit<AlertChannels, 'devices'>;

/** PUT /api/member/alert-channels: only the channels to change, each true or false; at least one. */
export const alertChannelsChange = z
  .strictObject({ sms: z.boolean().optional(), push: z.boolean().optional(), email: z.boolean().optional() })
  .refine((change) => Object.keys(change).length > 0);
export type AlertChannelsChange = z.input<typeof alertChannelsChange>;

/**
 * POST /api/member/devices: the browser's `PushSubscription.toJSON()` (its expirationTime is not kept) under a name.
 * The shape only: the member service checks the endpoint, the keys and the name, and says what is wrong.
 */
export const newPushDevice = z.object({
  name: z.string().describe('1 to 60 characters, trimmed.'),
  subscription: z.object({ endpoint: z.string(), keys: z.object({ p256dh: z.string(), auth: z.string() }) }),
});
export type NewPushDevice = z.input<typeof newPushDevice>;

/** Device ids are generated UUIDs. */
export const deviceParams = z.object({ deviceId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

/** POST /api/member/test-alert, 202: the channels the test alert went on. */
export const testAlertSent = z.object({ channels: z.array(z.enum(alertChannelLabels.labels)) });
export type TestAlertSent = z.output<typeof testAlertSent>;
