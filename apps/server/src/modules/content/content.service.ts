import type { Executor } from '../../db/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict, validationFailed } from '../../lib/errors.js';
import { takenSlugs, type ContentTable } from './content.repo.js';
import { plainExcerpt } from './markdown.js';
import { slugCandidates, slugify } from './slug.js';

/** Slugs that would collide with fixed paths such as /api/topics/all. */
const RESERVED_SLUGS = new Set(['all', 'new', 'edit', 'rss']);

const NOUN: Record<ContentTable, string> = { blogs: 'blog', topics: 'topic' };

export const slugTaken = (table: ContentTable) => conflict(`A ${NOUN[table]} with this slug already exists`);

export function assertSlugAllowed(slug: string): void {
  if (RESERVED_SLUGS.has(slug)) throw validationFailed([{ field: 'slug', message: 'This slug is reserved; choose another' }]);
}

/**
 * Inserts a row under a slug. A slug the editor chose must be free (409 otherwise); a slug made
 * from the title takes the first free `-2`, `-3`… suffix, retrying if another writer wins the race.
 */
export async function insertWithSlug<Row>(
  db: Executor,
  table: ContentTable,
  requested: string | undefined,
  title: string,
  insert: (slug: string) => Promise<Row | undefined>,
): Promise<Row> {
  if (requested) {
    assertSlugAllowed(requested);
    const row = await insert(requested);
    if (!row) throw slugTaken(table);
    return row;
  }
  const base = slugify(title);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidates = slugCandidates(RESERVED_SLUGS.has(base) ? `${base}-${NOUN[table]}` : base, 50);
    const taken = await takenSlugs(db, table, candidates);
    const free = candidates.find((c) => !taken.has(c));
    if (!free) break;
    const row = await insert(free);
    if (row) return row;
  }
  throw slugTaken(table);
}

/** Runs an update that may change the slug, turning a unique violation into 409. */
export async function updateWithSlug<Row>(table: ContentTable, slug: string | undefined, update: () => Promise<Row>): Promise<Row> {
  if (slug) assertSlugAllowed(slug);
  try {
    return await update();
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(table);
    throw err;
  }
}

/**
 * The excerpt (or summary) after an edit: an explicit value wins, an emptied one is made from the
 * content, and one that was made from the old content follows the new content; a hand-written one
 * stays. Undefined means unchanged.
 */
export function nextSummary(current: string, currentContent: string, given: string | undefined, content: string | undefined): string | undefined {
  if (given !== undefined) return given || plainExcerpt(content ?? currentContent);
  if (content !== undefined && current === plainExcerpt(currentContent)) return plainExcerpt(content);
  return undefined;
}
