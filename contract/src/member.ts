import { onboardingStatuses } from '@swarm/proto/labels';
import { z } from 'zod';

/** Onboarding entries of spec §3: 'a' while the entry is to be shown, 'c' once completed ('' for a value unknown here). */
export const onboardingEntry = z.object({
  onboardingId: z.number().int(),
  status: z.union([z.enum(onboardingStatuses.labels), z.literal('')]),
});

/** GET and PUT /api/member/information: the member's information as the member area reads it (spec §3). */
export const memberInformation = z.object({
  name: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  onboarding: z.array(onboardingEntry),
});
export type MemberInformation = z.output<typeof memberInformation>;

/** PUT /api/member/information; an emptied phone or address may arrive as null, which means none. */
export const memberInformationChange = z.object({
  name: z.string().max(1000),
  phoneNumber: z
    .string()
    .max(100)
    .nullish()
    .transform((value) => value ?? ''),
  address: z
    .string()
    .max(1000)
    .nullish()
    .transform((value) => value ?? ''),
});
export type MemberInformationChange = z.input<typeof memberInformationChange>;

/** PUT /api/member/onboarding: one entry's new status. */
export const onboardingChange = z.object({ onboardingId: z.number().int().min(0).max(1_000_000), status: z.string().max(10) });
export type OnboardingChange = z.input<typeof onboardingChange>;

export const weekDays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekDay = (typeof weekDays)[number];
export type HourKey = `${WeekDay}From` | `${WeekDay}To`;
const hourKeys = weekDays.flatMap((day) => [`${day}From`, `${day}To`] as const);

const hour = z.number().int().min(0).max(24);
const hourFields = Object.fromEntries(hourKeys.map((key) => [key, hour])) as Record<HourKey, typeof hour>;

/**
 * GET and PUT /api/member/availability (spec §3): flat keys, the hours of each day in the member's time zone ('' until
 * the browser has sent one), and the extra miles for unclaimed swarms (0 = off).
 */
export const availability = z.object({
  doNotDisturb: z.boolean(),
  elevationMaximum: z.number(),
  rangeInMiles: z.number(),
  extraMiles: z.number(),
  ...hourFields,
  timeZone: z.string(),
});
export type Availability = z.output<typeof availability>;
export type AvailabilityKey = keyof Availability;

const anyHour = z.number();
const hourChanges = Object.fromEntries(hourKeys.map((key) => [key, anyHour.optional()])) as Record<HourKey, z.ZodOptional<typeof anyHour>>;

/**
 * PUT /api/member/availability: any of the keys (the member area sends one at a time), nothing else. Only the shape:
 * the member service enforces the rules (elevation 1–50 feet, range 1–25 miles, extra miles 0–25, whole numbers).
 */
export const availabilityChange = z
  .strictObject({
    doNotDisturb: z.boolean().optional(),
    elevationMaximum: z.number().optional(),
    rangeInMiles: z.number().optional(),
    extraMiles: z.number().optional(),
    timeZone: z.string().max(100).optional().describe('An IANA time zone name.'),
    ...hourChanges,
  })
  .refine((change) => Object.keys(change).length > 0, 'Send at least one availability field to change.');
export type AvailabilityChange = z.input<typeof availabilityChange>;
