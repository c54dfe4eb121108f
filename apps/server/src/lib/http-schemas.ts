import { CONTENT_LIMITS, isStorableText } from '@abhyas/contracts';
import { z } from 'zod';

// No stored id or slug holds text a database cannot store (a NUL, half a character), so such a
// path names nothing: it becomes the empty key, which no row has, and the route answers its own
// 404 without the database ever seeing what it would refuse.
const unmatchable = (value: string) => (isStorableText(value) ? value : '');

/** The `:id` of a stored row in a path: any text the lookup answers 404 for, within a bound. */
export const idParams = z.object({ id: z.string().max(64, { error: 'Id is too long' }).transform(unmatchable) });

/** The response schema of a 204: no body. */
export const noContent = z.undefined().describe('No content');

/** The response schema of a 304 to a request whose If-None-Match names the current version: no body. */
export const notModified = z.undefined().describe('Not modified: the copy named by If-None-Match is current');

/**
 * The response schema of a 200 that is not JSON: a file, a feed, an image. The route sends a ready
 * string or buffer, which Fastify passes on as it is, so the schema only describes the answer.
 */
export function fileAnswer(description: string, contentTypes: readonly string[], schema: z.ZodType = z.string()) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
}

/** The `:slug` of a published blog or topic in a path. */
export const slugParams = z.object({ slug: z.string().max(CONTENT_LIMITS.slugMax, { error: 'Slug is too long' }).transform(unmatchable) });
