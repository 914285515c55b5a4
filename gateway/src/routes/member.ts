import { onboardingStatuses } from '@swarm/proto/labels';
import type { Member } from '@swarm/proto/member/v1/member_service';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { memberIdOf as memberId } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError } from '../mappers/http-errors.js';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const informationBody = z.object({
  name: z.string().max(1000),
  // An emptied field may arrive as null: it means none.
  phoneNumber: z.string().max(100).nullish().transform((value) => value ?? ''),
  address: z.string().max(1000).nullish().transform((value) => value ?? ''),
});

const onboardingBody = z.object({ onboardingId: z.number().int().min(0).max(1_000_000), status: z.string().max(10) });

/** Spec §3: the member's information as the member area reads it. */
export function information(member: Member | undefined) {
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
export function availability(member: Member | undefined) {
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
  return body;
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
 * checked here; the member service enforces the rules.
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

  app.get('/api/member/information', async (request) => {
    const { member } = await clients.member.getMember({ memberId: memberId(request) });
    return information(member);
  });

  app.put('/api/member/information', async (request) => {
    const parsed = informationBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Send name, phoneNumber and address as text.');
    const { member } = await clients.member.updateMemberInformation({ memberId: memberId(request), ...parsed.data });
    return information(member);
  });

  app.put('/api/member/onboarding', async (request) => {
    const parsed = onboardingBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Send onboardingId as a number and status as text.');
    const { onboardingId, status } = parsed.data;
    const { member } = await clients.member.updateOnboarding({ memberId: memberId(request), onboardingId, status: onboardingStatuses.valueOf(status) });
    return information(member);
  });

  app.get('/api/member/availability', async (request) => {
    const { member } = await clients.member.getMember({ memberId: memberId(request) });
    return availability(member);
  });

  app.put('/api/member/availability', async (request) => {
    const change = readAvailabilityChange(request.body);
    const { member } = await clients.member.updateAvailability({ memberId: memberId(request), ...change });
    return availability(member);
  });
}
