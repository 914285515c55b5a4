import { timestampDate } from '@bufbuild/protobuf/wkt';
import { alertChannels as alertChannelLabels, type AlertChannelLabel } from '@swarm/proto/labels';
import type { AlertChannels, PushDevice } from '@swarm/proto/member/v1/member_service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberIdOf } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError } from '../mappers/http-errors.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';

/** A push subscription is well under 1.5 KB; this leaves room for a long device name and nothing for abuse. */
export const DEVICE_BODY_LIMIT_BYTES = 4 * 1024;

const CHANNELS_MESSAGE = 'Send sms, push or email as true or false.';
const SUBSCRIPTION_MESSAGE = 'Send the device name and its push subscription: endpoint and keys p256dh and auth.';
const DEVICE_NOT_FOUND = 'Device not found.';
const TOO_MANY_TEST_ALERTS = 'Too many test alerts from this connection. Please wait a while and try again.';

/** Device ids are generated UUIDs; anything else names no device and is answered without asking the service. */
const DEVICE_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Only the channels to change, each true or false; at least one. */
const channelsBody = z
  .strictObject({ sms: z.boolean().optional(), push: z.boolean().optional(), email: z.boolean().optional() })
  .refine((body) => Object.keys(body).length > 0);

/** The shape only: the member service checks the endpoint, the keys and the name, and says what is wrong. */
const deviceBody = z.object({
  name: z.string(),
  // PushSubscription.toJSON() also carries expirationTime, which is not kept.
  subscription: z.object({ endpoint: z.string(), keys: z.object({ p256dh: z.string(), auth: z.string() }) }),
});

type DeviceView = { deviceId: string; name: string; addedAt: string };

function deviceView(device: PushDevice | undefined): DeviceView {
  return {
    deviceId: device?.deviceId ?? '',
    name: device?.name ?? '',
    addedAt: device?.addedAt ? timestampDate(device.addedAt).toISOString() : '',
  };
}

export function channelsView(channels: AlertChannels | undefined, devices: PushDevice[]) {
  return { sms: channels?.sms ?? false, push: channels?.push ?? false, email: channels?.email ?? false, devices: devices.map(deviceView) };
}

function deviceIdParam(request: FastifyRequest): string {
  const { deviceId } = request.params as { deviceId?: unknown };
  if (typeof deviceId !== 'string' || !DEVICE_ID.test(deviceId)) throw new HttpError(404, DEVICE_NOT_FOUND);
  return deviceId;
}

/**
 * How the member is alerted (text message, notifications on their devices, email), their devices, and a test alert.
 * Every call passes the session check of every /api/member/ route (routes/auth.ts) and, being a mutation, the
 * cross-site check; refusals are answered by the app's error handler.
 */
export function memberAlertChannelRoutes(app: FastifyInstance, options: { clients: ServiceClients; testAlertLimit: ClientRateLimiter }): void {
  const { clients } = options;

  app.get('/api/member/alert-channels', async (request) => {
    const { channels, devices } = await clients.member.getAlertChannels({ memberId: memberIdOf(request) });
    return channelsView(channels, devices);
  });

  // The channels left out keep their value; the member service refuses turning every one off.
  app.put('/api/member/alert-channels', async (request) => {
    const parsed = channelsBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, CHANNELS_MESSAGE);
    const change = parsed.data;
    const memberId = memberIdOf(request);
    const current = await clients.member.getAlertChannels({ memberId });
    const { channels } = await clients.member.setAlertChannels({
      memberId,
      channels: {
        sms: change.sms ?? current.channels?.sms ?? false,
        push: change.push ?? current.channels?.push ?? false,
        email: change.email ?? current.channels?.email ?? false,
      },
    });
    return channelsView(channels, current.devices);
  });

  app.post('/api/member/devices', { bodyLimit: DEVICE_BODY_LIMIT_BYTES }, async (request, reply) => {
    const parsed = deviceBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, SUBSCRIPTION_MESSAGE);
    const { name, subscription } = parsed.data;
    const { device } = await clients.member.addPushDevice({
      memberId: memberIdOf(request),
      name,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    });
    return reply.code(201).send(deviceView(device));
  });

  app.delete('/api/member/devices/:deviceId', { config: { errorMessages: { 404: DEVICE_NOT_FOUND } } }, async (request, reply) => {
    await clients.member.removePushDevice({ memberId: memberIdOf(request), deviceId: deviceIdParam(request) });
    return reply.code(204).send();
  });

  app.post('/api/member/test-alert', async (request, reply) => {
    const limit = await options.testAlertLimit.take(request);
    if (!limit.allowed) return reply.code(429).header('retry-after', String(limit.retryAfterSeconds)).send({ message: TOO_MANY_TEST_ALERTS });
    const { channels } = await clients.notification.sendTestAlert({ memberId: memberIdOf(request) });
    const labels = channels.map((channel) => alertChannelLabels.label(channel)).filter((label): label is AlertChannelLabel => label !== undefined);
    return reply.code(202).send({ channels: labels });
  });
}
