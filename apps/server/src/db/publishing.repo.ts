import { bumpCounter, readCounter } from './counters.repo.js';
import type { Executor } from './index.js';

/**
 * The editorial tables: each row has a unique slug, a draft or published status and the time it was
 * first published. Blogs and topics share these queries and one content version.
 */
export type PublishedTable = 'blogs' | 'topics';

// Both tables have these columns; typing against one of them keeps the queries checked.
const as = (table: PublishedTable) => table as 'blogs';

/** Which of the candidate slugs the table already uses. */
export async function takenSlugs(db: Executor, table: PublishedTable, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db.selectFrom(as(table)).select('slug').where('slug', 'in', candidates).execute();
  return new Set(rows.map((r) => r.slug));
}

/** Publishes (keeping the first publication date) or unpublishes a row; false when it does not exist. */
export async function setPublished(db: Executor, table: PublishedTable, id: string, published: boolean, now: number): Promise<boolean> {
  const result = await db
    .updateTable(as(table))
    .set((eb) =>
      published
        ? { status: 'published', published_at: eb.fn.coalesce('published_at', eb.val(now)), updated_at: now }
        : { status: 'draft', updated_at: now },
    )
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The version of everything published: the key every cached public blog and topic answer is kept under. */
export const contentVersion = (db: Executor) => readCounter(db, 'content');

/**
 * Marks the content as changed, retiring every cached public answer in every process. Called after
 * the write has committed, so a reader can never cache old rows under the new version.
 */
export const contentChanged = (db: Executor) => bumpCounter(db, 'content');
