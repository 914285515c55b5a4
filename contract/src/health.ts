import { z } from 'zod';

/** GET /api/health: 200 `ok` when every service answers SERVING, else 503 `degraded`, in the same shape. */
export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.array(z.object({ name: z.string(), status: z.enum(['SERVING', 'NOT_SERVING', 'UNREACHABLE']) })),
});
export type Health = z.output<typeof health>;
