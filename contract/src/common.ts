import { z } from 'zod';

/** A UTC instant as the gateway writes it (ISO 8601, `Date.toISOString()`). */
export const isoInstant = z.iso.datetime();

/** An instant, or '' where the service has none to give. */
export const isoInstantOrEmpty = z.union([isoInstant, z.literal('')]);
