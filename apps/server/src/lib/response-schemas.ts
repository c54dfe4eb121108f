import { z } from 'zod';

/** A 204 answer. */
export const noContent = z.undefined().describe('Done; no body');

/** A 304 answer to a request whose If-None-Match names the current version. */
export const notModified = z.undefined().describe('Not modified: the copy named by If-None-Match is current');

/**
 * A 200 answer that is not JSON: a file, a feed, an image. The route sends a ready string or
 * buffer, which Fastify passes on as it is, so the schema only describes the answer.
 */
export function fileAnswer(description: string, contentTypes: readonly string[], schema: z.ZodType = z.string()) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
}
