import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../db/index.js';
import { containsTerm, escapeLike } from '../../db/search.js';
import type { ContestRow, ContestsTable } from './contests.table.js';

/** Whether an update or a delete touched a row. */
export const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) => Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n) > 0;

/** Inserts a contest; undefined when its slug is taken. */
export async function insertContest(db: Executor, row: Insertable<ContestsTable>): Promise<ContestRow | undefined> {
  return db.insertInto('contests').values(row).onConflict((oc) => oc.column('slug').doNothing()).returningAll().executeTakeFirst();
}

export async function findContestById(db: Executor, id: string): Promise<ContestRow | undefined> {
  return db.selectFrom('contests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findContestBySlug(db: Executor, slug: string): Promise<ContestRow | undefined> {
  return db.selectFrom('contests').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function takenContestSlugs(db: Executor, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  return new Set((await db.selectFrom('contests').select('slug').where('slug', 'in', candidates).execute()).map((r) => r.slug));
}

/** Published contests registration is open for by the clock (starting after `now`), soonest first. */
export async function upcomingContestRows(db: Executor, now: number): Promise<ContestRow[]> {
  return db.selectFrom('contests').selectAll().where('status', '=', 'published').where('starts_at', '>', now).orderBy('starts_at').orderBy('id').execute();
}

/** Published or cancelled contests whose time is over, the most recent first. */
export async function pastContestRows(db: Executor, now: number, limit: number): Promise<ContestRow[]> {
  return db
    .selectFrom('contests')
    .selectAll()
    .where('status', 'in', ['published', 'cancelled'])
    .where('ends_at', '<=', now)
    .orderBy('ends_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Published contests the candidate holds a confirmed entry in that are not final yet, soonest first. */
export async function joinedOpenContestRows(db: Executor, userId: string): Promise<ContestRow[]> {
  return db
    .selectFrom('contests')
    .innerJoin('contest_entries as e', 'e.contest_id', 'contests.id')
    .selectAll('contests')
    .where('e.user_id', '=', userId)
    .where('e.status', '=', 'confirmed')
    .where('contests.status', '=', 'published')
    .where('contests.finalized_at', 'is', null)
    .orderBy('contests.starts_at')
    .orderBy('contests.id')
    .execute();
}

/** Another contest, not cancelled, that runs this test. */
export async function contestRunningTest(db: Executor, testId: string, except?: string): Promise<ContestRow | undefined> {
  let q = db.selectFrom('contests').selectAll().where('test_id', '=', testId).where('status', '<>', 'cancelled');
  if (except) q = q.where('id', '<>', except);
  return q.executeTakeFirst();
}

/** The contests on these tests, newest first: their test and slug. */
export async function contestSlugsOnTests(db: Executor, testIds: readonly string[]): Promise<{ test_id: string; slug: string }[]> {
  if (testIds.length === 0) return [];
  return db.selectFrom('contests').select(['test_id', 'slug']).where('test_id', 'in', testIds).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function updateContestRow(db: Executor, id: string, patch: Updateable<ContestsTable>, guard: { seatsAtLeastFilled?: number; startsAfter?: number } = {}): Promise<ContestRow | undefined> {
  let q = db.updateTable('contests').set(patch).where('id', '=', id).where('status', '<>', 'cancelled');
  // Seats never go below those taken, even when a join lands between the editor's read and this write.
  if (guard.seatsAtLeastFilled !== undefined) q = q.where('filled_seats', '<=', guard.seatsAtLeastFilled);
  if (guard.startsAfter !== undefined) q = q.where('starts_at', '>', guard.startsAfter);
  return q.returningAll().executeTakeFirst();
}

/** Cancels a contest not cancelled or final yet; false when it was either. */
export async function cancelContestRow(db: Executor, id: string, reason: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('contests')
    .set({ status: 'cancelled', cancel_reason: reason, cancelled_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', 'cancelled')
    .where('finalized_at', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

/** Deletes a draft contest nobody has ever entered; false otherwise. */
export async function deleteDraftContest(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('contests')
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('contest_entries').select('contest_entries.id').whereRef('contest_entries.contest_id', '=', 'contests.id'))))
    .executeTakeFirst();
  return changed(result);
}

export type AdminContestQuery = { terms: string[]; offset: number; limit: number };

function adminFiltered(db: Executor, q: AdminContestQuery) {
  let query = db.selectFrom('contests');
  // Titles are matched lower-cased (the terms are), so both dialects compare alike.
  for (const term of q.terms) {
    const pattern = `%${escapeLike(term)}%`;
    query = query.where((eb) => eb.or([sql<boolean>`lower(title) like ${pattern} escape '\\'`, containsTerm('slug', term)]));
  }
  return query;
}

/** One page of contests for editors, the latest start first, with the total. */
export async function listContestRows(db: Executor, q: AdminContestQuery): Promise<{ rows: ContestRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    adminFiltered(db, q).selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    adminFiltered(db, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
