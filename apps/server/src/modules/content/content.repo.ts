import { bumpCounter } from '../../db/counters.repo.js';
import type { Executor } from '../../db/index.js';

/** The tables holding editorial content; they share slug, status and timestamp columns. */
export type ContentTable = 'blogs' | 'topics';

// Both tables have these columns; typing against one of them keeps the queries checked.
const as = (table: ContentTable) => table as 'blogs';

/** Which of the candidate slugs are already used in the table. */
export async function takenSlugs(db: Executor, table: ContentTable, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db.selectFrom(as(table)).select('slug').where('slug', 'in', candidates).execute();
  return new Set(rows.map((r) => r.slug));
}

/** Publishes (keeping the first publication date) or unpublishes a row; false when it does not exist. */
export async function setPublished(db: Executor, table: ContentTable, id: string, published: boolean, now: number): Promise<boolean> {
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

export async function deleteContent(db: Executor, table: ContentTable, id: string): Promise<boolean> {
  const result = await db.deleteFrom(as(table)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Marks the content as changed, retiring every cached public response in every process. Called
 * after the write has committed, so a reader can never cache old rows under the new version.
 */
export const contentChanged = (db: Executor) => bumpCounter(db, 'content');
