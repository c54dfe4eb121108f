import { z } from 'zod';

/**
 * `GET /api/health`, liveness: the process is up and its event loop answers. It asks nothing of the
 * database or Redis, so an outage of either never makes it fail (an orchestrator would restart every
 * process for it); it answers 200 until the process closes, through the drain too.
 */
export const healthResponseSchema = z.object({
  /** `degraded` while Redis is configured but unreachable: every route still answers. */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  /** `off` without REDIS_URL; outages since the process started, and rate-limit counts taken by this process alone. */
  redis: z.object({ status: z.enum(['ok', 'degraded', 'off']), outages: z.number().int(), fallbacks: z.number().int() }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * `GET /api/health/ready`, readiness: whether this process should be sent work. 200 when the
 * database answers and Redis, where configured, answers too; otherwise, and from the moment the
 * process begins to stop, 503 in the one error shape with `Retry-After`.
 */
export const readinessResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), status: z.literal('ok'), latencyMs: z.number() }),
  /** `off` without REDIS_URL, and then no latency. */
  redis: z.object({ status: z.enum(['ok', 'off']), latencyMs: z.number().nullable() }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
