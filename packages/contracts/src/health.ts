import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), status: z.literal('ok'), latencyMs: z.number() }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
