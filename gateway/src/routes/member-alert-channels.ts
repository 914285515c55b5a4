import { timestampDate } from '@bufbuild/protobuf/wkt';
import { alertChannels as alertChannelLabels, type AlertChannelLabel } from '@swarm/proto/labels';
import type { AlertChannels, PushDevice } from '@swarm/proto/member/v1/member_service';
import type { PushDevice as DeviceView } from '@swarm/api-contract/alert-channels';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberIdOf } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError } from '../mappers/http-errors.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';
import { contractRoute } from './contract-route.js';

/** A push subscription is well under 1.5 KB; this leaves room for a long device name and nothing for abuse. */
export const DEVICE_BODY_LIMIT_BYTES = 4 * 1024;

const CHANNELS_MESSAGE = 'Send sms, push or email as true or false.';
const SUBSCRIPTION_MESSAGE = 'Send the device name and its push subscription: endpoint and keys p256dh and auth.';
const DEVICE_NOT_FOUND = 'Device not found.';
const TOO_MANY_TEST_ALERTS = 'Too many test alerts from this connection. Please wait a while and try again.';


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

/**
 * How the member is alerted (text message, notifications on their devices, email), their devices, and a test alert.
 * Every call passes the session check of every /api/member/ route (routes/auth.ts) and, being a mutation, the
 * cross-site check; refusals are answered by the app's error handler.
 */
export function memberAlertChannelRoutes(app: FastifyInstance, options: { clients: ServiceClients; testAlertLimit: ClientRateLimiter }): void {
  const { clients } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...contractRoute(apiRoutes.getAlertChannels),
    handler: async (request) => {
      const { channels, devices } = await clients.member.getAlertChannels({ memberId: memberIdOf(request) });
      return channelsView(channels, devices);
    },
  });

  // The channels left out keep their value; the member service refuses turning every one off.
  api.route({
    ...contractRoute(apiRoutes.updateAlertChannels, { invalidRequest: () => new HttpError(400, CHANNELS_MESSAGE) }),
    handler: async (request) => {
      const change = request.body;
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
    },
  });

  // The shape only: the member service checks the endpoint, the keys and the name, and says what is wrong.
  api.route({
    ...contractRoute(apiRoutes.addPushDevice, { invalidRequest: () => new HttpError(400, SUBSCRIPTION_MESSAGE) }),
    bodyLimit: DEVICE_BODY_LIMIT_BYTES,
    handler: async (request, reply) => {
      const { name, subscription } = request.body;
      const { device } = await clients.member.addPushDevice({
        memberId: memberIdOf(request),
        name,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      });
      return reply.code(201).send(deviceView(device));
    },
  });

  // An id that cannot be a device's names no device, and is answered without asking the service.
  api.route({
    ...contractRoute(apiRoutes.removePushDevice, { errorMessages: { 404: DEVICE_NOT_FOUND }, invalidRequest: () => new HttpError(404, DEVICE_NOT_FOUND) }),
    handler: async (request, reply) => {
      await clients.member.removePushDevice({ memberId: memberIdOf(request), deviceId: request.params.deviceId });
      return reply.code(204).send();
    },
  });

  api.route({
    ...contractRoute(apiRoutes.sendTestAlert),
    handler: async (request, reply) => {
      const limit = await options.testAlertLimit.take(request);
      if (!limit.allowed) return reply.code(429).header('retry-after', String(limit.retryAfterSeconds)).send({ message: TOO_MANY_TEST_ALERTS });
      const { channels } = await clients.notification.sendTestAlert({ memberId: memberIdOf(request) });
      const labels = channels.map((channel) => alertChannelLabels.label(channel)).filter((label): label is AlertChannelLabel => label !== undefined);
      return reply.code(202).send({ channels: labels });
    },
  });
}
