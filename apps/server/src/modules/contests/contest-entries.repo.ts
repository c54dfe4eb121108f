import { PostgresAdapter, type Insertable } from 'kysely';
import type { Language } from '@abhyas/contracts';
import type { Executor } from '../../db/index.js';
import { changed } from './contests.repo.js';
import type { ContestEntriesTable, ContestEntryRow } from './contests.table.js';

/*
 * Entries and the seats they take: a seat is one conditional update of the contest's count, an
 * entry one row per candidate; the holds the sweeper ends, the counts and names the pages show, the
 * entrants a mail goes to.
 */

// ---------------------------------------------------------------------------------------------
// Seats

/**
 * Takes one seat when the contest is published, has not started and has a seat left: one
 * conditional statement, so concurrent joins in any number of processes never oversell. False when
 * no seat was taken.
 */
export async function takeSeat(trx: Executor, contestId: string, now: number, priceAmount?: number): Promise<boolean> {
  let q = trx
    .updateTable('contests')
    .set((eb) => ({ filled_seats: eb('filled_seats', '+', 1), updated_at: now }))
    .where('id', '=', contestId)
    .where('status', '=', 'published')
    .where('starts_at', '>', now)
    .where((eb) => eb('filled_seats', '<', eb.ref('total_seats')));
  // The price the candidate was shown: an editor's change in between refuses the join rather than charging another amount.
  if (priceAmount !== undefined) q = q.where('price_amount', '=', priceAmount);
  return changed(await q.executeTakeFirst());
}

/** Gives a seat back (a hold that ended); only after the entry's own conditional change succeeded. */
export async function giveSeatBack(trx: Executor, contestId: string, now: number): Promise<void> {
  await trx
    .updateTable('contests')
    .set((eb) => ({ filled_seats: eb('filled_seats', '-', 1), updated_at: now }))
    .where('id', '=', contestId)
    .where('filled_seats', '>', 0)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Entries

/** Inserts an entry; a second entry of the same candidate fails on the unique (contest, user) constraint. */
export async function insertEntry(trx: Executor, row: Insertable<ContestEntriesTable>): Promise<ContestEntryRow> {
  return trx.insertInto('contest_entries').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Takes up again the candidate's entry whose hold ended or whose payment was refunded; undefined when there is none. */
export async function reuseEntry(
  trx: Executor,
  contestId: string,
  userId: string,
  patch: Pick<ContestEntryRow, 'status' | 'hold_expires_at' | 'joined_at' | 'updated_at'>,
): Promise<ContestEntryRow | undefined> {
  return trx
    .updateTable('contest_entries')
    .set(patch)
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['released', 'refunded'])
    .returningAll()
    .executeTakeFirst();
}

export async function findEntry(db: Executor, contestId: string, userId: string): Promise<ContestEntryRow | undefined> {
  return db.selectFrom('contest_entries').selectAll().where('contest_id', '=', contestId).where('user_id', '=', userId).executeTakeFirst();
}

export async function findEntryById(db: Executor, id: string): Promise<ContestEntryRow | undefined> {
  return db.selectFrom('contest_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The candidate's entries in these contests. */
export async function entriesOf(db: Executor, userId: string, contestIds: string[]): Promise<Map<string, ContestEntryRow>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db.selectFrom('contest_entries').selectAll().where('user_id', '=', userId).where('contest_id', 'in', contestIds).execute();
  return new Map(rows.map((r) => [r.contest_id, r]));
}

/** The clock of these contest attempts: each one's end and the compensatory time it started with. */
export async function attemptClocks(db: Executor, attemptIds: string[]): Promise<Map<string, { endsAt: number; extraMinutesPerHour: number }>> {
  if (attemptIds.length === 0) return new Map();
  const rows = await db.selectFrom('attempts').select(['id', 'ends_at', 'extra_minutes_per_hour']).where('id', 'in', attemptIds).execute();
  return new Map(rows.flatMap((r) => (r.ends_at === null ? [] : [[r.id, { endsAt: Number(r.ends_at), extraMinutesPerHour: Number(r.extra_minutes_per_hour) }] as const])));
}

/** Moves an entry from one status to another when it is still in the first; false when it was not. */
export async function moveEntry(
  trx: Executor,
  id: string,
  from: ContestEntryRow['status'],
  patch: Partial<Pick<ContestEntryRow, 'status' | 'hold_expires_at' | 'joined_at'>> & { updated_at: number },
  heldBefore?: number,
): Promise<boolean> {
  let q = trx.updateTable('contest_entries').set(patch).where('id', '=', id).where('status', '=', from);
  if (heldBefore !== undefined) q = q.where('hold_expires_at', '<', heldBefore);
  return changed(await q.executeTakeFirst());
}

/**
 * Answers once no transaction is writing the entry any more: PostgreSQL waits for the row's lock;
 * SQLite runs one transaction at a time on its one connection, so the read waits its turn anyway.
 */
export async function entrySettled(db: Executor, id: string): Promise<void> {
  let q = db.selectFrom('contest_entries').select('id').where('id', '=', id);
  if (db.getExecutor().adapter instanceof PostgresAdapter) q = q.forShare();
  await q.executeTakeFirst();
}

/** Pending entries whose hold ended before `now`, oldest first. */
export async function expiredHolds(db: Executor, now: number, limit: number): Promise<{ id: string; contest_id: string }[]> {
  return db
    .selectFrom('contest_entries')
    .select(['id', 'contest_id'])
    .where('status', '=', 'pending')
    .where('hold_expires_at', '<', now)
    .orderBy('hold_expires_at')
    .limit(limit)
    .execute();
}

/** Records the candidate's contest attempt once; a second start keeps the first. */
export async function setEntryAttempt(db: Executor, entryId: string, attemptId: string, now: number): Promise<void> {
  await db.updateTable('contest_entries').set({ attempt_id: attemptId, updated_at: now }).where('id', '=', entryId).where('attempt_id', 'is', null).execute();
}

export type EntryCounts = { confirmed: number; pending: number; all: number; /** Entries with a final rank: the candidates who started the paper. */ ranked: number };

/** Confirmed and pending entries per contest, and those ranked once it is final. */
export async function entryCounts(db: Executor, contestIds: string[]): Promise<Map<string, EntryCounts>> {
  const counts = new Map<string, EntryCounts>();
  if (contestIds.length === 0) return counts;
  const rows = await db
    .selectFrom('contest_entries')
    .select(['contest_id', 'status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.count<number>('final_rank').as('ranked')])
    .where('contest_id', 'in', contestIds)
    .groupBy(['contest_id', 'status'])
    .execute();
  for (const r of rows) {
    const c = counts.get(r.contest_id) ?? { confirmed: 0, pending: 0, all: 0, ranked: 0 };
    if (r.status === 'confirmed') c.confirmed += Number(r.n);
    if (r.status === 'pending') c.pending += Number(r.n);
    c.all += Number(r.n);
    c.ranked += Number(r.ranked);
    counts.set(r.contest_id, c);
  }
  return counts;
}

/** The first `limit` confirmed entrants' names by the time they joined, per contest. */
export async function firstEntrantNames(db: Executor, contestIds: string[], limit: number): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  await Promise.all(
    contestIds.map(async (contestId) => {
      const rows = await db
        .selectFrom('contest_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select('u.name')
        .where('e.contest_id', '=', contestId)
        .where('e.status', '=', 'confirmed')
        .orderBy('e.joined_at')
        .orderBy('e.id')
        .limit(limit)
        .execute();
      names.set(contestId, rows.map((r) => r.name));
    }),
  );
  return names;
}

/** Entrants of a contest with an entry in these statuses, with what a mail needs. */
export async function entrantsOf(
  db: Executor,
  contestId: string,
  statuses: ContestEntryRow['status'][],
): Promise<{ entryId: string; status: ContestEntryRow['status']; email: string; name: string; language: Language }[]> {
  return db
    .selectFrom('contest_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id as entryId', 'e.status', 'u.email', 'u.name', 'u.preferred_language as language'])
    .where('e.contest_id', '=', contestId)
    .where('e.status', 'in', statuses)
    .orderBy('e.id')
    .execute();
}

/** Ends every pending hold of a contest without giving the seats back (a cancelled contest keeps its figures). */
export async function releasePendingEntries(trx: Executor, contestId: string, now: number): Promise<void> {
  await trx.updateTable('contest_entries').set({ status: 'released', updated_at: now }).where('contest_id', '=', contestId).where('status', '=', 'pending').execute();
}

/** Confirmed entries written as they are, for the demo seed. */
export async function insertEntries(trx: Executor, rows: Insertable<ContestEntriesTable>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('contest_entries').values(rows).execute();
}

/** Adds to a contest's seats taken when that many are free, for entries written directly; false when they were not. */
export async function addFilledSeats(trx: Executor, contestId: string, n: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('contests')
    .set((eb) => ({ filled_seats: eb('filled_seats', '+', n), updated_at: now }))
    .where('id', '=', contestId)
    .where((eb) => eb(eb('filled_seats', '+', n), '<=', eb.ref('total_seats')))
    .executeTakeFirst();
  return changed(result);
}
