import { DEVICE_HEADER } from '@abhyas/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The device working on an attempt: a random id the client keeps; absent on a first request is allowed. */
export const deviceHeaders = z.object({
  [DEVICE_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, { error: 'X-Device-Id must be 1 to 64 letters, digits, dots, colons, hyphens or underscores' })
    .optional(),
});

/** The device a request names, or null. */
export const deviceOf = (request: FastifyRequest): string | null => {
  const value = request.headers[DEVICE_HEADER];
  return typeof value === 'string' ? value : null;
};
