import { z } from 'zod';

/**
 * The body of every refusal and failure the gateway answers: one message for a toast, and for a form the full list
 * of its broken rules (the 'Errors:' block).
 */
export const errorBody = z.object({
  message: z.string(),
  errors: z.array(z.string()).optional(),
});
export type ErrorBody = z.output<typeof errorBody>;

/** A success that says only its message (the spec's words for the toast). */
export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.output<typeof messageBody>;

/** A 204: no body at all. */
export const noContent = z.undefined();
