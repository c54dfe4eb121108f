import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../../db/index.js';
import type { Database } from '../../../db/schema.js';

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Whether a contest may be made final at `now`: published, not final, past its end and `graceMs`, and
 * past the paper's key release and `graceMs` (the release waits for the last entrant writing with
 * compensatory time: docs/PRODUCT.md §8.11), with no contest attempt still open (the server submits
 * overdue attempts first). A contest attempt is an entry's attempt, or any attempt at the paper ending
 * with the contest at the latest (one just started, not yet on its entry); an attempt begun before the
 * contest that would run past it is no contest's and holds nothing up.
 */
function isDue(eb: ExpressionBuilder<Database, 'contests'>, now: number, graceMs: number): Expression<SqlBool> {
  const one = sql.lit(1).as('one');
  const attemptOfContest = (a: ExpressionBuilder<Database, 'contests' | 'attempts'>) =>
    a.or([
      a('attempts.ends_at', '<=', a.ref('contests.ends_at')),
      a.exists(a.selectFrom('contest_entries').select(one).whereRef('contest_entries.contest_id', '=', 'contests.id').whereRef('contest_entries.attempt_id', '=', 'attempts.id')),
    ]);
  return eb.and([
    eb('contests.status', '=', 'published'),
    eb('contests.finalized_at', 'is', null),
    eb('contests.ends_at', '<', now - graceMs),
    eb.not(eb.exists(eb.selectFrom('tests').select(one).whereRef('tests.id', '=', 'contests.test_id').where('tests.key_sealed_until', '>=', now - graceMs))),
    eb.not(eb.exists(eb.selectFrom('attempts').select(one).whereRef('attempts.test_id', '=', 'contests.test_id').where('attempts.status', '=', 'open').where(attemptOfContest))),
  ]);
}

/** Contests that may be made final now (see `isDue`), oldest first. */
export async function contestsDue(db: Executor, now: number, graceMs: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('contests')
    .select('id')
    .where((eb) => isDue(eb, now, graceMs))
    .orderBy('ends_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the finalization of one contest for this transaction: the one conditional update that
 * decides, across processes, who computes the results. False when another got there first, or the
 * contest is not due (cancelled, not ended, an attempt still open).
 */
export async function claimFinalization(trx: Executor, contestId: string, now: number, graceMs: number): Promise<boolean> {
  const result = await trx
    .updateTable('contests')
    .set({ finalized_at: now, updated_at: now })
    .where('id', '=', contestId)
    .where((eb) => isDue(eb, now, graceMs))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Holds the ratings until the transaction ends, so two contests finalized at once by two processes
 * do not both start from the same ratings. SQLite has one writer at a time already.
 */
export async function lockRatings(trx: Executor): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended('contest-ratings', 0))`.execute(trx);
}

export async function ratingsOf(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db.selectFrom('contest_ratings').select(['user_id', 'rating']).where('user_id', 'in', userIds.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.user_id, Number(r.rating));
  }
  return out;
}

export type EntryResult = { finalRank: number; prize: string | null; ratingBefore: number | null; ratingAfter: number | null; performance: number | null };

export async function writeEntryResult(trx: Executor, entryId: string, r: EntryResult, now: number): Promise<void> {
  await trx
    .updateTable('contest_entries')
    .set({ final_rank: r.finalRank, prize: r.prize, rating_before: r.ratingBefore, rating_after: r.ratingAfter, performance: r.performance, updated_at: now })
    .where('id', '=', entryId)
    .execute();
}

/** The candidate's rating after a contest, counting the contest. */
export async function saveRating(trx: Executor, userId: string, rating: number, now: number): Promise<void> {
  await trx
    .insertInto('contest_ratings')
    .values({ user_id: userId, rating, contests: 1, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ rating: eb.ref('excluded.rating'), contests: eb(eb.ref('contest_ratings.contests'), '+', 1), updated_at: eb.ref('excluded.updated_at') })))
    .execute();
}
