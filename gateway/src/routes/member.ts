import { onboardingStatuses } from '@swarm/proto/labels';
import type { Member } from '@swarm/proto/member/v1/member_service';
import type { Availability, MemberInformation } from '@swarm/api-contract/member';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberIdOf as memberId } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError } from '../mappers/http-errors.js';
import { contractRoute } from './contract-route.js';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** Spec §3: the member's information as the member area reads it. */
export function information(member: Member | undefined): MemberInformation {
  return {
    name: member?.name ?? '',
    phoneNumber: member?.phoneNumber ?? '',
    address: member?.address ?? '',
    onboarding: (member?.onboarding ?? []).map(({ onboardingId, status }) => ({ onboardingId, status: onboardingStatuses.label(status) ?? '' })),
  };
}

/**
 * Spec §3: availability as flat keys (sundayFrom … saturdayTo), plus the time zone the hours are read in and the
 * extra miles for unclaimed swarms (0 = off).
 */
export function availability(member: Member | undefined): Availability {
  const stored = member?.availability;
  const body: Record<string, number | boolean | string> = {
    doNotDisturb: stored?.doNotDisturb ?? false,
    elevationMaximum: stored?.elevationMaximumFeet ?? 0,
    rangeInMiles: stored?.rangeInMiles ?? 0,
    extraMiles: stored?.extraMiles ?? 0,
  };
  DAYS.forEach((day, index) => {
    body[`${day}From`] = stored?.days[index]?.fromHour ?? 0;
    body[`${day}To`] = stored?.days[index]?.toHour ?? 0;
  });
  body.timeZone = member?.timeZone ?? '';
  return body as Availability;
}

type AvailabilityRequest = {
  doNotDisturb?: boolean;
  elevationMaximumFeet?: number;
  rangeInMiles?: number;
  extraMiles?: number;
  timeZone?: string;
  dayHours: { day: number; fromHour?: number; toHour?: number }[];
};

const numberLabels: Record<string, string> = { elevationMaximum: 'Elevation maximum', rangeInMiles: 'Range in miles', extraMiles: 'Extra miles' };

/**
 * Reads `{<key>: <value>}` (the member area sends one key at a time) into one availability change. Only the shape is
 * checked here, as the contract's schema does; the member service enforces the rules. A body the schema refuses is
 * told the first thing wrong with it in the order it was sent.
 */
function readAvailabilityChange(body: unknown): AvailabilityRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Send the availability fields to change as a JSON object.');
  const entries = Object.entries(body);
  if (entries.length === 0) throw new HttpError(400, 'Send at least one availability field to change.');
  const change: AvailabilityRequest = { dayHours: [] };
  for (const [key, value] of entries) {
    if (key === 'doNotDisturb') {
      if (typeof value !== 'boolean') throw new HttpError(400, 'Do Not Disturb must be true or false.');
      change.doNotDisturb = value;
    } else if (key === 'elevationMaximum' || key === 'rangeInMiles' || key === 'extraMiles') {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new HttpError(400, `${numberLabels[key]} must be a number.`);
      if (key === 'elevationMaximum') change.elevationMaximumFeet = value;
      else if (key === 'rangeInMiles') change.rangeInMiles = value;
      else change.extraMiles = value;
    } else if (key === 'timeZone') {
      if (typeof value !== 'string' || value.length > 100) throw new HttpError(400, 'Time zone must be an IANA time zone name.');
      change.timeZone = value;
    } else {
      const match = /^(sunday|monday|tuesday|wednesday|thursday|friday|saturday)(From|To)$/.exec(key);
      if (!match) throw new HttpError(400, `Unknown availability field '${key.slice(0, 40)}'.`);
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new HttpError(400, 'Hours must be numbers.');
      const day = DAYS.indexOf(match[1] as (typeof DAYS)[number]);
      let hours = change.dayHours.find((entry) => entry.day === day);
      if (!hours) {
        hours = { day };
        change.dayHours.push(hours);
      }
      if (match[2] === 'From') hours.fromHour = value;
      else hours.toHour = value;
    }
  }
  return change;
}

/**
 * The member area's Information, onboarding and Availability calls. The session check in front of every /api/member/
 * route has set `memberSession` before these run.
 */
export function memberRoutes(app: FastifyInstance, options: { clients: ServiceClients }): void {
  const { clients } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...contractRoute(apiRoutes.getMemberInformation),
    handler: async (request) => {
      const { member } = await clients.member.getMember({ memberId: memberId(request) });
      return information(member);
    },
  });

  api.route({
    ...contractRoute(apiRoutes.updateMemberInformation, { invalidRequest: () => new HttpError(400, 'Send name, phoneNumber and address as text.') }),
    handler: async (request) => {
      const { member } = await clients.member.updateMemberInformation({ memberId: memberId(request), ...request.body });
      return information(member);
    },
  });

  api.route({
    ...contractRoute(apiRoutes.updateOnboarding, { invalidRequest: () => new HttpError(400, 'Send onboardingId as a number and status as text.') }),
    handler: async (request) => {
      const { onboardingId, status } = request.body;
      const { member } = await clients.member.updateOnboarding({ memberId: memberId(request), onboardingId, status: onboardingStatuses.valueOf(status) });
      return information(member);
    },
  });

  api.route({
    ...contractRoute(apiRoutes.getAvailability),
    handler: async (request) => {
      const { member } = await clients.member.getMember({ memberId: memberId(request) });
      return availability(member);
    },
  });

  api.route({
    ...contractRoute(apiRoutes.updateAvailability, { invalidRequest: availabilityRefusal }),
    handler: async (request) => {
      const change = readAvailabilityChange(request.body);
      const { member } = await clients.member.updateAvailability({ memberId: memberId(request), ...change });
      return availability(member);
    },
  });
}

/** What is wrong with a change the schema refused, as the reader says it; the schema and the reader refuse the same. */
function availabilityRefusal(request: FastifyRequest): HttpError {
  try {
    readAvailabilityChange(request.body);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  return new HttpError(400, 'Send the availability fields to change as a JSON object.');
}
