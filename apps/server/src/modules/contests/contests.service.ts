import type { AdminContest, AdminContestPage, Attempt, Contest, ContestInputParsed, ContestList, JoinResponse, PaymentStart, adminContestListQuerySchema } from '@abhyas/contracts';
import { CONTEST_LIMITS } from '@abhyas/contracts';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db, Executor } from '../../db/index.js';
import { searchTerms } from '../../db/search.js';
import type { BackgroundJobs } from '../../lib/background.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { insertWithSlug, updateWithSlug } from '../../lib/slugs.js';
import { beginTimedAttempt, getAttempt, type AttemptDeps } from '../attempts/attempts.service.js';
import { testForContest, testOutline, useTestForContest } from '../tests/tests.service.js';
import { cancellationMail } from './contest-mail.js';
import { clockText, contestStatus, PAID_ENTRY_OFF_REASON, toAdminContest, toContest } from './contests.dto.js';
import {
  cancelContestRow,
  contestRunningTest,
  deleteDraftContest,
  entrantsOf,
  entriesOf,
  entryCounts,
  expiredHolds,
  findContestById,
  findContestBySlug,
  findEntry,
  findEntryById,
  firstEntrantNames,
  addFilledSeats,
  giveSeatBack,
  insertContest,
  insertEntries,
  insertEntry,
  joinedOpenContestRows,
  listContestRows,
  moveEntry,
  pastContestRows,
  releasePendingEntries,
  reuseEntry,
  setEntryAttempt,
  takeSeat,
  takenContestSlugs,
  upcomingContestRows,
  updateContestRow,
} from './contests.repo.js';
import type { ContestEntryRow, ContestRow, ContestsTable } from './contests.table.js';

/**
 * What contests ask of the payments module, injected by the app (null when no provider is
 * configured), so that neither module imports the other.
 */
export type ContestPayments = {
  /**
   * Opens the provider order for a pending entry, or answers the entry's order still open; the
   * amount comes from the contest as stored.
   */
  openOrder(p: {
    contestId: string;
    entryId: string;
    userId: string;
    amount: number;
    currency: string;
    description: string;
    contestSlug: string;
    holdExpiresAt: number;
  }): Promise<PaymentStart>;
  /** Refunds the entry's paid order, if it has one, and tells the candidate by mail. */
  refundEntry(p: { entryId: string; note: string }): Promise<void>;
};

/** What the payments module asks of contests when a payment lands (the shape its service declares). */
export type EntryFulfilment = {
  /** Inside the payment's transaction: confirm the entry (or retake a seat); 'refund' when it cannot be had. */
  confirm(trx: Executor, p: { entryId: string; orderId: string; now: number }): Promise<'confirmed' | 'refund'>;
};

export type ContestsDeps = {
  db: Db;
  clock: Clock;
  /** Whether paid contests may be joined on this site. */
  paidEntry: boolean;
  /** How long a paid entry holds its seat while the payment is pending. */
  holdMs: number;
  payments: ContestPayments | null;
};

/** Playing a contest: its attempt runs on the exam engine. */
export type ContestPlayDeps = ContestsDeps & { exam: AttemptDeps };

/** Editors' changes: cancelling tells the entrants by mail, after answering. */
export type ContestAdminDeps = ContestsDeps & { jobs: BackgroundJobs; mailer: Mailer; publicUrl: string };

type Core = { db: Db; clock: Clock };
type AdminContestListQuery = z.output<typeof adminContestListQuerySchema>;

const PAST_SHOWN = 20;
const HOLDS_PER_SWEEP = 200;

const contestNotFound = () => notFound('Contest not found');
const paidEntryOff = () => new AppError('PAID_ENTRY_OFF', 409, `${PAID_ENTRY_OFF_REASON}: free contests and non-cash prizes remain open to everyone`);
const paidOffered = (deps: ContestsDeps) => deps.paidEntry && deps.payments !== null;

// ---------------------------------------------------------------------------------------------
// Candidates' views

/** Cards for these contests as the caller sees them: question counts, participants and the caller's entries. */
async function viewsOf(deps: ContestsDeps, rows: ContestRow[], userId: string | null, known?: Map<string, ContestEntryRow>): Promise<Map<string, Contest>> {
  const ids = [...new Set(rows.map((r) => r.id))];
  const testIds = [...new Set(rows.map((r) => r.test_id))];
  const [counts, names, outlines, entries] = await Promise.all([
    entryCounts(deps.db, ids),
    firstEntrantNames(deps.db, ids, CONTEST_LIMITS.participantNamesShown),
    Promise.all(testIds.map(async (id) => [id, await testOutline(deps, id)] as const)),
    known ?? (userId ? entriesOf(deps.db, userId, ids) : Promise.resolve(new Map<string, ContestEntryRow>())),
  ]);
  const questionCounts = new Map(outlines.map(([id, outline]) => [id, outline?.questionCount ?? 0]));
  const now = deps.clock.now();
  return new Map(
    rows.map((row) => [
      row.id,
      toContest(row, {
        now,
        paidOffered: paidOffered(deps),
        questionCount: questionCounts.get(row.test_id) ?? 0,
        users: { count: counts.get(row.id)?.confirmed ?? 0, names: names.get(row.id) ?? [] },
        entry: entries.get(row.id),
      }),
    ]),
  );
}

async function viewOf(deps: ContestsDeps, row: ContestRow, userId: string | null): Promise<Contest> {
  return (await viewsOf(deps, [row], userId)).get(row.id)!;
}

/**
 * GET /api/contests: for a signed-in candidate, `live` holds the contests they joined that are not
 * final, `upcoming` the open ones they have not joined (a pending paid entry stays there, showing
 * its hold); anonymous callers see every upcoming contest and no live ones. `past` is the latest
 * finished or cancelled contests for everyone.
 */
export async function listContests(deps: ContestsDeps, userId: string | null): Promise<ContestList> {
  const now = deps.clock.now();
  const [upcoming, past, live] = await Promise.all([
    upcomingContestRows(deps.db, now),
    pastContestRows(deps.db, now, PAST_SHOWN),
    userId ? joinedOpenContestRows(deps.db, userId) : Promise.resolve([]),
  ]);
  const joined = new Set(live.map((r) => r.id));
  const open = upcoming.filter((r) => !joined.has(r.id));
  const views = await viewsOf(deps, [...open, ...live, ...past], userId);
  const pick = (rows: ContestRow[]) => rows.map((r) => views.get(r.id)!);
  return { upcoming: pick(open), live: pick(live), past: pick(past) };
}

/** The id of the contest with this slug, whatever its status. */
export async function contestIdBySlug(deps: Core, slug: string): Promise<string | undefined> {
  return (await findContestBySlug(deps.db, slug))?.id;
}

/** One contest by id or slug; drafts only for editors. */
export async function getContest(deps: ContestsDeps, idOrSlug: string, viewer: { userId: string; editor: boolean } | null): Promise<Contest> {
  const row = (await findContestById(deps.db, idOrSlug)) ?? (await findContestBySlug(deps.db, idOrSlug));
  if (!row || (row.status === 'draft' && !viewer?.editor)) throw contestNotFound();
  return viewOf(deps, row, viewer?.userId ?? null);
}

// ---------------------------------------------------------------------------------------------
// Joining

/** Thrown inside the join's transaction when no seat could be taken, so that it rolls back. */
class NoSeat extends Error {}

/** Why a join was refused, read after the conditional writes said no. */
async function refusal(deps: ContestsDeps, contestId: string, now: number): Promise<AppError> {
  const row = await findContestById(deps.db, contestId);
  if (!row || row.status === 'draft') return contestNotFound();
  const status = contestStatus(row, now);
  if (status === 'cancelled') return new AppError('REGISTRATION_CLOSED', 409, `This contest was cancelled: ${row.cancel_reason ?? 'no reason was given'}`);
  if (status !== 'upcoming') return new AppError('REGISTRATION_CLOSED', 409, status === 'running' ? `Registration closed when the contest started at ${clockText(Number(row.starts_at))}` : 'The contest has ended');
  if (row.filled_seats >= row.total_seats) return new AppError('CONTEST_FULL', 409, 'Contest is full');
  return conflict('The contest changed while you were joining; try again');
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
      await releaseHold(deps.db, mine, now);
      continue;
    }
    throw await refusal(deps, contestId, now);
  }
  if (!joined) throw await refusal(deps, contestId, now);

  const payment = paid ? await openOrder(deps, joined.entry, row, now) : null;
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

/**
 * What a landed payment does to its entry, inside the payment's transaction: a pending entry is
 * confirmed; a released one (its hold ended before the money came) takes a seat again if the
 * contest is still open and has one; otherwise the payment is to be refunded.
 */
export function entryFulfilment(_deps: Core): EntryFulfilment {
  return {
    async confirm(trx, { entryId, now }) {
      if (await moveEntry(trx, entryId, 'pending', { status: 'confirmed', joined_at: now, hold_expires_at: null, updated_at: now })) return 'confirmed';
      const entry = await findEntryById(trx, entryId);
      if (!entry) return 'refund';
      if (entry.status === 'confirmed') return 'confirmed';
      if (entry.status !== 'released') return 'refund';
      if (!(await takeSeat(trx, entry.contest_id, now))) return 'refund';
      if (await moveEntry(trx, entryId, 'released', { status: 'confirmed', joined_at: now, hold_expires_at: null, updated_at: now })) return 'confirmed';
      // Someone else moved the entry meanwhile: the seat just taken is not this payment's.
      await giveSeatBack(trx, entry.contest_id, now);
      return (await findEntryById(trx, entryId))?.status === 'confirmed' ? 'confirmed' : 'refund';
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Playing

const notJoined = () => new AppError('NOT_JOINED', 409, 'Join the contest to take part');

/**
 * POST /api/contests/:id/attempt: a joined candidate's contest attempt on the exam engine, from the
 * start until the end of the contest (the attempt ends with the contest at the latest). Starting
 * again answers the same attempt.
 */
export async function startContestAttempt(deps: ContestPlayDeps, contestId: string, userId: string, deviceId: string | null): Promise<{ attempt: Attempt; created: boolean }> {
  const row = await findContestById(deps.db, contestId);
  if (!row || row.status === 'draft') throw contestNotFound();
  const entry = await findEntry(deps.db, contestId, userId);
  if (entry?.status !== 'confirmed') throw notJoined();
  const now = deps.clock.now();
  if (row.status === 'cancelled') throw new AppError('CONTEST_NOT_OPEN', 409, `This contest was cancelled: ${row.cancel_reason ?? 'no reason was given'}`);
  if (now < Number(row.starts_at)) throw new AppError('CONTEST_NOT_OPEN', 409, `The contest opens at ${clockText(Number(row.starts_at))}`);
  if (entry.attempt_id) return { attempt: await getAttempt(deps.exam, entry.attempt_id, userId, deviceId), created: false };
  if (now >= Number(row.ends_at)) throw new AppError('ATTEMPT_CLOSED', 409, 'The contest has ended');

  const seed = newId();
  const test = await testForContest(deps, row.test_id, seed);
  if (!test) throw conflict('The contest’s paper is missing; the editors have been told', 'CONFLICT');
  const { id, created } = await beginTimedAttempt(deps.exam, { test, seed, userId, deviceId, endsBy: Number(row.ends_at) });
  await setEntryAttempt(deps.db, entry.id, id, now);
  return { attempt: await getAttempt(deps.exam, id, userId, deviceId), created };
}

// ---------------------------------------------------------------------------------------------
// Editors

async function adminViewsOf(deps: ContestsDeps, rows: ContestRow[]): Promise<AdminContest[]> {
  const [views, counts, outlines] = await Promise.all([
    viewsOf(deps, rows, null),
    entryCounts(deps.db, rows.map((r) => r.id)),
    Promise.all([...new Set(rows.map((r) => r.test_id))].map(async (id) => [id, await testOutline(deps, id)] as const)),
  ]);
  const titles = new Map(outlines.map(([id, o]) => [id, o?.title ?? '']));
  return rows.map((row) =>
    toAdminContest(row, views.get(row.id)!, {
      testTitle: titles.get(row.test_id) ?? '',
      entries: { confirmed: counts.get(row.id)?.confirmed ?? 0, pending: counts.get(row.id)?.pending ?? 0 },
    }),
  );
}

export async function getAdminContest(deps: ContestsDeps, id: string): Promise<AdminContest> {
  const row = await findContestById(deps.db, id);
  if (!row) throw contestNotFound();
  return (await adminViewsOf(deps, [row]))[0]!;
}

export async function listAdminContests(deps: ContestsDeps, query: AdminContestListQuery): Promise<AdminContestPage> {
  const { rows, total } = await listContestRows(deps.db, { terms: searchTerms(query.q), offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
  return { data: await adminViewsOf(deps, rows), total, page: query.page, pageSize: query.pageSize };
}

/** The test a contest is to run: it must exist and run no other contest that is not cancelled. */
async function checkPaper(deps: Core, testId: string, contestId?: string): Promise<void> {
  if (!(await testOutline(deps, testId))) throw validationFailed([{ field: 'testId', message: 'No test has this id' }]);
  const other = await contestRunningTest(deps.db, testId, contestId);
  if (other) throw conflict(`The contest “${other.title}” already runs this test: choose another test`);
}

function checkTimes(input: ContestInputParsed, now: number, scheduleChanges: boolean): number {
  const startsAt = Date.parse(input.startsAt);
  const details = [];
  if (scheduleChanges && startsAt <= now) details.push({ field: 'startsAt', message: 'The start must be in the future' });
  if (input.freezeMinutes !== null && input.freezeMinutes >= input.durationMinutes) details.push({ field: 'freezeMinutes', message: 'The freeze must be shorter than the contest' });
  if (details.length > 0) throw validationFailed(details);
  return startsAt;
}

function contestColumns(input: ContestInputParsed, startsAt: number) {
  return {
    title: input.title,
    icon: input.icon,
    level: input.level,
    description: input.description,
    test_id: input.testId,
    starts_at: startsAt,
    ends_at: startsAt + input.durationMinutes * 60_000,
    duration_minutes: input.durationMinutes,
    total_seats: input.totalSeats,
    price_amount: input.priceAmount,
    prizes: JSON.stringify(input.prizes),
    freeze_minutes: input.freezeMinutes,
  } satisfies Updateable<ContestsTable>;
}

/** Creates a contest (a draft, or published at once) and makes its test a contest paper, hidden from the mock tests. */
export async function createContest(deps: ContestsDeps, input: ContestInputParsed, authorId: string | null): Promise<AdminContest> {
  const now = deps.clock.now();
  const startsAt = checkTimes(input, now, true);
  await checkPaper(deps, input.testId);
  const row = await insertWithSlug('contest', input.slug, input.title, {
    taken: (candidates) => takenContestSlugs(deps.db, candidates),
    insert: (slug) =>
      insertContest(deps.db, {
        id: newId(),
        slug,
        ...contestColumns(input, startsAt),
        currency: 'INR',
        status: input.published ? 'published' : 'draft',
        author_id: authorId,
        created_at: now,
        updated_at: now,
      }),
  });
  await useTestForContest(deps, input.testId, true);
  return getAdminContest(deps, row.id);
}

const cancelledAlready = () => conflict('This contest was cancelled: it can no longer change');
const seatsBelowTaken = (taken: number) => conflict(`${taken} ${taken === 1 ? 'seat is' : 'seats are'} taken: the contest cannot have fewer seats than that`);

/**
 * Replaces a contest's settings. Seats never go below those taken; the schedule changes only before
 * the start; the test and the price only while nobody has entered; a contest with entries is
 * cancelled rather than unpublished.
 */
export async function updateContest(deps: ContestsDeps, id: string, input: ContestInputParsed): Promise<AdminContest> {
  const row = await findContestById(deps.db, id);
  if (!row) throw contestNotFound();
  if (row.status === 'cancelled') throw cancelledAlready();
  const now = deps.clock.now();
  const startsAt = Date.parse(input.startsAt);
  const scheduleChanges = startsAt !== Number(row.starts_at) || input.durationMinutes !== row.duration_minutes;
  const status = contestStatus(row, now);
  if (scheduleChanges && status !== 'draft' && status !== 'upcoming') throw conflict('The schedule can change only before the contest starts');
  // A draft is published only with a start still ahead, so candidates can join it.
  const publishing = input.published && row.status === 'draft';
  checkTimes(input, now, scheduleChanges || publishing);
  const entered = (await entryCounts(deps.db, [id])).get(id)?.all ?? 0;
  const testChanges = input.testId !== row.test_id;
  if (testChanges) {
    if (entered > 0) throw conflict('Candidates have entered this contest: its test can no longer change');
    await checkPaper(deps, input.testId, id);
  }
  if (entered > 0 && input.priceAmount !== row.price_amount) throw conflict('Candidates have entered this contest: its price can no longer change');
  if (entered > 0 && !input.published && row.status === 'published') throw conflict('Candidates have entered this contest: cancel it instead of unpublishing it, so they are told');
  if (input.totalSeats < row.filled_seats) throw seatsBelowTaken(row.filled_seats);

  const updated = await updateWithSlug('contest', input.slug, () =>
    updateContestRow(
      deps.db,
      id,
      { ...contestColumns(input, startsAt), ...(input.slug ? { slug: input.slug } : {}), status: input.published ? 'published' : 'draft', updated_at: now },
      { seatsAtLeastFilled: input.totalSeats, ...(scheduleChanges || publishing ? { startsAfter: now } : {}) },
    ),
  );
  if (!updated) {
    const current = await findContestById(deps.db, id);
    if (!current) throw contestNotFound();
    if (current.status === 'cancelled') throw cancelledAlready();
    if (current.filled_seats > input.totalSeats) throw seatsBelowTaken(current.filled_seats);
    throw conflict('The contest started meanwhile: its schedule can no longer change');
  }
  if (testChanges) {
    await useTestForContest(deps, row.test_id, false);
    await useTestForContest(deps, input.testId, true);
  }
  return getAdminContest(deps, id);
}

/**
 * Cancels a contest that is not final: holds still pending end (their seats stay counted, so the
 * figures stay as they were), every paid entry is refunded through the provider, and every entrant
 * is told by mail, after answering.
 */
export async function cancelContest(deps: ContestAdminDeps, id: string, reason: string): Promise<AdminContest> {
  const row = await findContestById(deps.db, id);
  if (!row) throw contestNotFound();
  const now = deps.clock.now();
  const entrants = await deps.db.transaction().execute(async (trx) => {
    if (!(await cancelContestRow(trx, id, reason, now))) return null;
    const told = await entrantsOf(trx, id, ['pending', 'confirmed']);
    await releasePendingEntries(trx, id, now);
    return told;
  });
  if (!entrants) throw conflict(row.status === 'cancelled' ? 'This contest is already cancelled' : 'The results of this contest are final: it can no longer be cancelled');

  const paid = row.price_amount > 0;
  const link = `${deps.publicUrl}/contests/${row.slug}`;
  for (const entrant of entrants) {
    if (paid && deps.payments) {
      const payments = deps.payments;
      deps.jobs.run('contest cancellation refund', () => payments.refundEntry({ entryId: entrant.entryId, note: `The contest “${row.title}” was cancelled: ${reason}` }));
    }
    deps.jobs.run('contest cancellation mail', () => deps.mailer.send(cancellationMail({ to: entrant.email, name: entrant.name, title: row.title, reason, refunded: paid && entrant.status === 'confirmed', link })));
  }
  return getAdminContest(deps, id);
}

/** Deletes a draft nobody has entered; its test becomes a mock test again unless another contest keeps it. */
export async function deleteContest(deps: ContestsDeps, id: string): Promise<void> {
  const row = await findContestById(deps.db, id);
  if (!row) throw contestNotFound();
  if (!(await deleteDraftContest(deps.db, id))) {
    throw conflict(row.status === 'draft' ? 'Candidates have entered this contest: cancel it instead' : 'Only a draft can be deleted: cancel a published contest instead, so its entrants are told');
  }
  if (!(await contestRunningTest(deps.db, row.test_id))) await useTestForContest(deps, row.test_id, false);
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
