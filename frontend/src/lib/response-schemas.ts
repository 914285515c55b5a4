import { z } from 'zod';

/** Spec §3: a null (or missing) text field becomes an empty string. */
export const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** A number the server may send as a number or a numeric string; null or missing when unknown. */
export const nullableNumber = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)])
  .nullish()
  .transform((value) => (value === undefined || value === null || !Number.isFinite(value) ? null : value));

/** The `{message}` a mutation may answer with (an empty answer too); only the message is ever read. */
export const messageResponseSchema = z
  .object({ message: z.string().optional() })
  .nullish()
  .transform((value) => ({ message: value?.message }));

/** For calls whose answer the page never reads (a 204, or a body only a log would use): nothing to check. */
export const unreadResponseSchema = z.unknown();
