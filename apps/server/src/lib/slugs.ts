import { CONTENT_LIMITS } from '@abhyas/contracts';
import { isUniqueViolation } from '../db/errors.js';
import { conflict, validationFailed } from './errors.js';
import { newId } from './ids.js';

/** A URL slug from a title: lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CONTENT_LIMITS.slugMax - 8)
    .replace(/-+$/, '');
  // A title in another script (Hindi, say) leaves nothing: fall back to a short unique slug.
  return slug || `post-${newId().slice(-8)}`;
}

/** The candidates tried, in order, when a generated slug is taken: base, base-2, base-3… */
export function slugCandidates(base: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? base : `${base}-${i + 1}`));
}

/** Slugs that would collide with fixed paths such as /api/topics/all. */
const RESERVED_SLUGS = new Set(['all', 'new', 'edit', 'rss']);

const slugTaken = (noun: string) => conflict(`A ${noun} with this slug already exists`);

export function assertSlugAllowed(slug: string): void {
  if (RESERVED_SLUGS.has(slug)) throw validationFailed([{ field: 'slug', message: 'This slug is reserved; choose another' }]);
}

/**
 * Inserts a row under a slug. A slug the editor chose must be free (409 otherwise); a slug made
 * from the title takes the first free `-2`, `-3`… suffix, retrying if another writer wins the race.
 * `insert` answers undefined when the slug is taken; `taken` tells which of some slugs are used.
 */
export async function insertWithSlug<Row>(
  noun: string,
  requested: string | undefined,
  title: string,
  ops: { taken: (candidates: string[]) => Promise<Set<string>>; insert: (slug: string) => Promise<Row | undefined> },
): Promise<Row> {
  if (requested) {
    assertSlugAllowed(requested);
    const row = await ops.insert(requested);
    if (!row) throw slugTaken(noun);
    return row;
  }
  const base = slugify(title);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidates = slugCandidates(RESERVED_SLUGS.has(base) ? `${base}-${noun}` : base, 50);
    const taken = await ops.taken(candidates);
    const free = candidates.find((c) => !taken.has(c));
    if (!free) break;
    const row = await ops.insert(free);
    if (row) return row;
  }
  throw slugTaken(noun);
}

/** Runs an update that may change the slug, turning a unique violation into 409. */
export async function updateWithSlug<Row>(noun: string, slug: string | undefined, update: () => Promise<Row>): Promise<Row> {
  if (slug) assertSlugAllowed(slug);
  try {
    return await update();
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(noun);
    throw err;
  }
}
