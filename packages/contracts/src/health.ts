import { z } from 'zod';

export const healthResponseSchema = z.object({
  /** `degraded` while Redis is configured but unreachable: every route still answers. */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), status: z.literal('ok'), latencyMs: z.number() }),
  /** `off` without REDIS_URL; outages since the process started, and rate-limit counts taken by this process alone. */
  redis: z.object({ status: z.enum(['ok', 'degraded', 'off']), outages: z.number().int(), fallbacks: z.number().int() }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
