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

/** The `:slug` of a published blog or topic in a path. */
export const slugParams = z.object({ slug: z.string().max(CONTENT_LIMITS.slugMax, { error: 'Slug is too long' }).transform(unmatchable) });
