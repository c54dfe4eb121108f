import { z } from 'zod';
import { contestSchema } from './contests.js';
import { paymentStartSchema } from './payments.js';

/** POST /api/contests/:id/join: the contest as the caller now sees it, and for a paid contest how to pay. */
export const joinResponseSchema = z.object({ data: contestSchema, payment: paymentStartSchema.nullable() });
export type JoinResponse = z.infer<typeof joinResponseSchema>;
