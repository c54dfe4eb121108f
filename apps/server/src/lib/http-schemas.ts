import { CONTENT_LIMITS } from '@abhyas/contracts';
import { z } from 'zod';

/** The `:id` of a stored row in a path: any text the lookup answers 404 for, within a bound. */
export const idParams = z.object({ id: z.string().max(64, { error: 'Id is too long' }) });

/** The response schema of a 204: no body. */
export const noContent = z.undefined().describe('No content');

/** The `:slug` of a published blog or topic in a path. */
export const slugParams = z.object({ slug: z.string().max(CONTENT_LIMITS.slugMax, { error: 'Slug is too long' }) });
