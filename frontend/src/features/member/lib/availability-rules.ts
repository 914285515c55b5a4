import type { HourKey, WeekDay } from '../api/get-availability';

/** Spec §9: inputs allow 1 to 50 feet and 1 to 25 miles; changes go out 500 ms after typing stops. */
export const ELEVATION_MIN = 1;
export const ELEVATION_MAX = 50;
export const RANGE_MIN = 1;
export const RANGE_MAX = 25;
/** Extra miles for unclaimed swarms: 0 (off) to 25. */
export const EXTRA_MILES_MAX = 25;
export const AVAILABILITY_DEBOUNCE_MS = 500;

export const availabilityMessages = {
  doNotDisturbOn: 'Uncheck "Do Not Disturb" to receive text messages.',
  elevationTooHigh: 'Elevation maximum cannot exceed 50.',
  elevationTooLow: 'Elevation maximum must be at least 1.',
  rangeTooFar: 'Range in miles cannot exceed 25.',
  rangeTooShort: 'Range in miles must be at least 1.',
  notANumber: 'Enter a whole number.',
  extraMilesBefore: 'Also alert me for unclaimed swarms up to',
  extraMilesAfter: 'more miles',
  /** The whole setting as one sentence, N standing for the number chosen: the select's accessible name. */
  extraMilesName: 'Also alert me for unclaimed swarms up to N more miles',
  extraMilesHint: 'Beyond your range, you are texted about a swarm only when nobody nearer has claimed it in time.',
  updated: 'Your availability has been updated.',
  updateFailed: 'Failed to update availability.',
} as const;

/** 0 → '12:00 AM', 13 → '1:00 PM', 24 → '12:00 AM' (midnight at the end of the day). */
export function hourLabel(hour: number): string {
  const hourOfDay = hour % 24;
  const twelveHour = hourOfDay % 12 === 0 ? 12 : hourOfDay % 12;
  return `${twelveHour}:00 ${hourOfDay < 12 ? 'AM' : 'PM'}`;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Spec §2: From offers 0 to 23, To offers 1 to 24. */
export const fromHours = range(0, 23);
export const toHours = range(1, 24);

/** The extra miles the member may choose, 0 (off) to 25. */
export const extraMilesChoices = range(0, EXTRA_MILES_MAX);

/** 0 → 'Off (0)', otherwise the number: it reads in the sentence 'up to 10 more miles'. */
export const extraMilesLabel = (miles: number): string => (miles === 0 ? 'Off (0)' : String(miles));

export const fromKey = (day: WeekDay): HourKey => `${day}From`;
export const toKey = (day: WeekDay): HourKey => `${day}To`;

/** Checks a typed whole number against its limits; returns the message to show, or undefined when it may be sent. */
export function numberFieldError(key: 'elevationMaximum' | 'rangeInMiles', text: string): string | undefined {
  if (!/^\d+$/.test(text.trim())) return availabilityMessages.notANumber;
  const value = Number(text);
  if (key === 'elevationMaximum') {
    if (value > ELEVATION_MAX) return availabilityMessages.elevationTooHigh;
    if (value < ELEVATION_MIN) return availabilityMessages.elevationTooLow;
  } else {
    if (value > RANGE_MAX) return availabilityMessages.rangeTooFar;
    if (value < RANGE_MIN) return availabilityMessages.rangeTooShort;
  }
  return undefined;
}

/**
 * The member service stores 'UTC' until a browser tells it the member's zone: that (or nothing) means no browser has
 * yet, and the member area sets the browser's zone without asking. Any other stored zone was set by a browser or
 * chosen, and a browser in another zone asks before changing it.
 */
export const isUnsetTimeZone = (zone: string): boolean => zone === '' || zone === 'UTC';

/** A zone as people read it: 'America/Los_Angeles' → 'America/Los Angeles'. */
export const timeZoneLabel = (zone: string): string => zone.replaceAll('_', ' ');

/** The IANA zone the browser runs in, e.g. 'America/Chicago'. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows, with the current one kept even if the list lacks it. */
export function timeZoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}
