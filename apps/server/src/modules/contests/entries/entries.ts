import type { JoinResponse, PaymentStart } from '@abhyas/contracts';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Db, Executor } from '../../../db/index.js';
import { AppError, conflict } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { contestNotFound, paidOffered, viewOf } from '../views/contest-views.js';
import type { ContestsDeps, Core } from '../contests.deps.js';
import { contestStatus, PAID_ENTRY_OFF_REASON, REGISTRATION_CLOSED_AT_START } from '../contests.dto.js';
import {
  addFilledSeats,
  entrySettled,
  expiredHolds,
  findEntry,
  findEntryById,
  giveSeatBack,
  insertEntries,
  insertEntry,
  moveEntry,
  reuseEntry,
  takeSeat,
} from '../contest-entries.repo.js';
import { findContestById } from '../contests.repo.js';
import type { ContestEntryRow, ContestRow } from '../contests.table.js';

const HOLDS_PER_SWEEP = 200;

const paidEntryOff = () => new AppError('PAID_ENTRY_OFF', 409, `${PAID_ENTRY_OFF_REASON}: free contests and non-cash prizes remain open to everyone`);

/** Thrown inside the join's transaction when no seat could be taken, so that it rolls back. */
class NoSeat extends Error {}

/** Why a join was refused, read after the conditional writes said no. */
async function refusal(deps: ContestsDeps, contestId: string, now: number): Promise<AppError> {
  const row = await findContestById(deps.db, contestId);
  if (!row || row.status === 'draft') return contestNotFound();
  return refusalFor(row, now) ?? conflict('The contest changed while you were joining; try again');
}

/** Why a contest as read cannot be joined now; null when it has a seat and registration is open. */
function refusalFor(row: ContestRow, now: number): AppError | null {
  const status = contestStatus(row, now);
  if (status === 'cancelled') return new AppError('REGISTRATION_CLOSED', 409, `This contest was cancelled: ${row.cancel_reason ?? 'no reason was given'}`);
  if (status !== 'upcoming') return new AppError('REGISTRATION_CLOSED', 409, status === 'running' ? REGISTRATION_CLOSED_AT_START : 'The contest has ended');
  if (row.filled_seats >= row.total_seats) return new AppError('CONTEST_FULL', 409, 'Contest is full');
  return null;
}

/** Ends a pending entry's hold and gives its seat back, once, whoever else tries at the same moment. */
async function releaseHold(db: Db, entry: { id: string; contest_id: string }, now: number, heldBefore?: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await moveEntry(trx, entry.id, 'pending', { status: 'released', updated_at: now }, heldBefore))) return false;
    await giveSeatBack(trx, entry.contest_id, now);
    return true;
  });
}

type Joined = { entry: ContestEntryRow; row: ContestRow };

/**
 * Takes a seat and writes the entry in one transaction: the conditional seat update, then the
 * entry (a released or refunded one of the same candidate is taken up again), whose unique
 * (contest, user) constraint refuses a second entry and rolls the seat back with it.
 */
async function takeSeatAndEnter(deps: ContestsDeps, row: ContestRow, userId: string, now: number): Promise<ContestEntryRow | 'refused'> {
  const paid = row.price_amount > 0;
  const fields = {
    status: paid ? ('pending' as const) : ('confirmed' as const),
    hold_expires_at: paid ? now + deps.holdMs : null,
    joined_at: paid ? null : now,
    updated_at: now,
  };
  try {
    return await deps.db.transaction().execute(async (trx) => {
      if (!(await takeSeat(trx, row.id, now, row.price_amount))) throw new NoSeat();
      return (await reuseEntry(trx, row.id, userId, fields)) ?? (await insertEntry(trx, { id: newId(), contest_id: row.id, user_id: userId, ...fields, created_at: now }));
    });
  } catch (err) {
    if (err instanceof NoSeat || isUniqueViolation(err)) return 'refused';
    throw err;
  }
}

/**
 * POST /api/contests/:id/join. A free contest: the seat and the confirmed entry in one transaction.
 * A paid one: the seat is held by a pending entry, then the provider's order is opened; if the
 * provider fails, the hold ends at once. Joining again while pending answers the entry's open order.
 */
export async function joinContest(deps: ContestsDeps, contestId: string, userId: string): Promise<JoinResponse> {
  const row = await findContestById(deps.db, contestId);
  if (!row || row.status === 'draft') throw contestNotFound();
  const paid = row.price_amount > 0;
  if (paid && !paidOffered(deps)) throw paidEntryOff();

  const now = deps.clock.now();
  // A contest that is full or closed when read is refused from that reading, without a transaction:
  // the reading is a moment when it was so, and nothing is written. The candidate's own entry comes
  // first: one already in is told so, and a pending payment goes on below.
  const closed = refusalFor(row, now);
  if (closed) {
    const mine = await findEntry(deps.db, contestId, userId);
    if (mine?.status === 'confirmed') throw new AppError('ALREADY_JOINED', 409, 'Already joined');
    if (!(mine?.status === 'pending' && paid && closed.code === 'CONTEST_FULL')) throw closed;
  }
  let joined: Joined | null = null;
  // Twice at most: a pending entry whose hold has ended (the sweeper not there yet) is released and the join tried again.
  for (let round = 0; round < 2 && !joined; round += 1) {
    const entry = await takeSeatAndEnter(deps, row, userId, now);
    if (entry !== 'refused') {
      joined = { entry, row };
      break;
    }
    const mine = await findEntry(deps.db, contestId, userId);
    if (mine?.status === 'confirmed') throw new AppError('ALREADY_JOINED', 409, 'Already joined');
    if (mine?.status === 'pending' && paid) {
      if (Number(mine.hold_expires_at) > now) {
        joined = { entry: mine, row };
        break;
      }
      await releaseHold(deps.db, mine, now, now + 1);
      continue;
    }
    throw await refusal(deps, contestId, now);
  }
  if (!joined) throw await refusal(deps, contestId, now);

  const payment = paid ? await openOrder(deps, joined.entry, row, now) : null;
  if (!paid) entryConfirmed(deps, joined.entry, { inTransaction: false });
  const current = (await findContestById(deps.db, contestId)) ?? row;
  return { data: await viewOf(deps, current, userId), payment };
}

/** The provider's order for a pending entry; when the provider fails, the seat goes back at once. */
async function openOrder(deps: ContestsDeps, entry: ContestEntryRow, row: ContestRow, now: number): Promise<PaymentStart> {
  try {
    return await deps.payments!.openOrder({
      contestId: row.id,
      entryId: entry.id,
      userId: entry.user_id,
      amount: row.price_amount,
      currency: row.currency,
      description: `Entry to ${row.title}`,
      contestSlug: row.slug,
      holdExpiresAt: Number(entry.hold_expires_at),
    });
  } catch (err) {
    await releaseHold(deps.db, entry, now);
    throw err;
  }
}

/**
 * Ends the holds of paid entries whose payment did not arrive in time and gives their seats back;
 * each exactly once across processes (the entry's conditional change decides who gives the seat
 * back). Answers how many were released.
 */
export async function releaseExpiredHolds(deps: Core): Promise<number> {
  const now = deps.clock.now();
  let released = 0;
  for (const hold of await expiredHolds(deps.db, now, HOLDS_PER_SWEEP)) {
    if (await releaseHold(deps.db, hold, now, now)) released += 1;
  }
  return released;
}

type Announcing = Core & Pick<ContestsDeps, 'announce'>;

/**
 * Every entry confirmed, by a free join or by its payment, passes here: the live board hears that
 * the contest's participants changed once the transaction that confirmed the entry is over. A join
 * calls after its transaction; a payment inside its own, so the notice waits for the entry to settle.
 */
function entryConfirmed(deps: Announcing, entry: { id: string; contest_id: string }, p: { inTransaction: boolean }): void {
  const announce = deps.announce;
  if (!announce) return;
  if (!p.inTransaction) return announce(entry.contest_id);
  void entrySettled(deps.db, entry.id)
    .catch(() => undefined)
    .then(() => announce(entry.contest_id));
}

/** Confirms a paid entry still in `from`, inside the payment's transaction, and announces it. */
async function confirmPaidEntry(deps: Announcing, trx: Executor, entryId: string, from: 'pending' | 'released', now: number): Promise<boolean> {
  if (!(await moveEntry(trx, entryId, from, { status: 'confirmed', joined_at: now, hold_expires_at: null, updated_at: now }))) return false;
  const entry = await findEntryById(trx, entryId);
  if (entry) entryConfirmed(deps, entry, { inTransaction: true });
  return true;
}

/**
 * What a landed payment does to its entry, inside the payment's transaction: a pending entry is
 * confirmed; a released one (its hold ended before the money came) takes a seat again if the
 * contest is still open and has one; otherwise the payment is to be refunded. The payments module's
 * `EntryFulfilment` port, as src/wiring.ts hands it over; a confirmation reaches the live board as a
 * free join does.
 */
export function entryFulfilment(deps: Announcing) {
  return {
    async confirm(trx: Executor, { entryId, now }: { entryId: string; orderId: string; now: number }): Promise<'confirmed' | 'refund'> {
      if (await confirmPaidEntry(deps, trx, entryId, 'pending', now)) return 'confirmed';
      const entry = await findEntryById(trx, entryId);
      if (!entry) return 'refund';
      if (entry.status === 'confirmed') return 'confirmed';
      if (entry.status !== 'released') return 'refund';
      if (!(await takeSeat(trx, entry.contest_id, now))) return 'refund';
      if (await confirmPaidEntry(deps, trx, entryId, 'released', now)) return 'confirmed';
      // Someone else moved the entry meanwhile: the seat just taken is not this payment's.
      await giveSeatBack(trx, entry.contest_id, now);
      return (await findEntryById(trx, entryId))?.status === 'confirmed' ? 'confirmed' : 'refund';
    },
  };
}

/**
 * Confirmed entries written as they are, with the seats they take, in one transaction: the demo's
 * participants. Seats never pass the total: entrants beyond it are left out.
 */
export async function enterDirectly(deps: Core, contestId: string, entrants: { userId: string; joinedAt: number }[]): Promise<number> {
  const row = await findContestById(deps.db, contestId);
  if (!row) throw contestNotFound();
  const room = Math.max(0, row.total_seats - row.filled_seats);
  const taken = entrants.slice(0, room);
  if (taken.length === 0) return 0;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await insertEntries(
      trx,
      taken.map((e) => ({ id: newId(), contest_id: contestId, user_id: e.userId, status: 'confirmed' as const, hold_expires_at: null, joined_at: e.joinedAt, created_at: e.joinedAt, updated_at: now })),
    );
    if (!(await addFilledSeats(trx, contestId, taken.length, now))) throw conflict('The seats were taken meanwhile');
  });
  return taken.length;
}
