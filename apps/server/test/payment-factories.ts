import type { Contest } from '@abhyas/contracts';
import type { Db, Executor } from '../src/db/index.js';
import { toIso, type Clock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { createMailer } from '../src/lib/mailer.js';
import type { PaidEntryPort } from '../src/app.js';
import { paymentProvider, type EntryFulfilment, type PaymentDeps } from '../src/modules/payments/payments.service.js';
import { makeQuestions, makeTest } from './attempt-factories.js';
import type { TestApp } from './helpers.js';

let n = 0;

/** A published paid contest starting in a day, over a real test. */
export async function makePaidContest(db: Db, clock: Clock, opts: { price?: number; seats?: number; filled?: number } = {}) {
  n += 1;
  const test = await makeTest(db, { sections: [{ questionIds: (await makeQuestions(db, 2)).map((q) => q.id) }] });
  const now = clock.now();
  const row = {
    id: newId(),
    slug: `paid-contest-${n}-${Math.random().toString(36).slice(2, 8)}`,
    title: `Paid contest ${n}`,
    icon: 'ai',
    level: 'Advanced' as const,
    test_id: test.id,
    starts_at: now + 86_400_000,
    ends_at: now + 86_400_000 + 30 * 60_000,
    duration_minutes: 30,
    total_seats: opts.seats ?? 100,
    filled_seats: opts.filled ?? 0,
    price_amount: opts.price ?? 99_900,
    currency: 'INR',
    status: 'published' as const,
    created_at: now,
    updated_at: now,
    freeze_minutes: null,
    cancel_reason: null,
    cancelled_at: null,
    finalized_at: null,
    author_id: null,
  };
  await db.insertInto('contests').values(row).execute();
  return row;
}

/** A pending paid entry holding a seat, as the contests module's join leaves it. */
export async function makePendingEntry(db: Db, clock: Clock, contestId: string, userId: string, holdMs = 15 * 60_000) {
  const now = clock.now();
  const id = newId();
  await db.insertInto('contest_entries').values({ id, contest_id: contestId, user_id: userId, status: 'pending', hold_expires_at: now + holdMs, joined_at: null, attempt_id: null, final_rank: null, prize: null, rating_before: null, rating_after: null, performance: null, created_at: now, updated_at: now }).execute();
  await db.updateTable('contests').set((eb) => ({ filled_seats: eb('filled_seats', '+', 1) })).where('id', '=', contestId).execute();
  return { id, holdExpiresAt: now + holdMs };
}

/**
 * An EntryFulfilment over the real contest_entries and contests tables, as the design asks of the
 * contests module: pending → confirmed (conditional); confirmed stays; released retakes a seat with
 * the conditional seat update while the contest is published and upcoming, else 'refund'. It counts
 * its calls, so a test can tell how many payments asked for the same entry.
 */
export function tableFulfilment(clock: Clock) {
  const calls: string[] = [];
  const fulfilment: EntryFulfilment = {
    async confirm(trx: Executor, { entryId, orderId, now }) {
      calls.push(orderId);
      const confirmed = await trx
        .updateTable('contest_entries')
        .set({ status: 'confirmed', joined_at: now, hold_expires_at: null, updated_at: now })
        .where('id', '=', entryId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(confirmed.numUpdatedRows) > 0) return 'confirmed';
      const entry = await trx.selectFrom('contest_entries').select(['status', 'contest_id']).where('id', '=', entryId).executeTakeFirstOrThrow();
      if (entry.status === 'confirmed') return 'confirmed';
      if (entry.status !== 'released') return 'refund';
      const seat = await trx
        .updateTable('contests')
        .set((eb) => ({ filled_seats: eb('filled_seats', '+', 1), updated_at: now }))
        .where('id', '=', entry.contest_id)
        .where('status', '=', 'published')
        .where('starts_at', '>', clock.now())
        .whereRef('filled_seats', '<', 'total_seats')
        .executeTakeFirst();
      if (Number(seat.numUpdatedRows) === 0) return 'refund';
      await trx.updateTable('contest_entries').set({ status: 'confirmed', joined_at: now, hold_expires_at: null, updated_at: now }).where('id', '=', entryId).where('status', '=', 'released').execute();
      return 'confirmed';
    },
  };
  return { fulfilment, calls };
}

/** The contest as the caller sees it, enough for the verify answer's shape. */
export function tableContestView(dbOf: () => Db): PaidEntryPort['contestView'] {
  return async (contestId, userId): Promise<Contest> => {
    const db = dbOf();
    const c = await db.selectFrom('contests').selectAll().where('id', '=', contestId).executeTakeFirstOrThrow();
    const entry = await db.selectFrom('contest_entries').selectAll().where('contest_id', '=', contestId).where('user_id', '=', userId).executeTakeFirst();
    const shown = entry && (entry.status === 'pending' || entry.status === 'confirmed') ? entry : undefined;
    return {
      id: c.id,
      slug: c.slug,
      title: c.title,
      icon: 'ai',
      level: c.level,
      price: `₹${Number(c.price_amount) / 100}`,
      priceAmount: Number(c.price_amount),
      currency: c.currency,
      isFree: Number(c.price_amount) === 0,
      totalSeats: Number(c.total_seats),
      filledSeats: Number(c.filled_seats),
      users: { count: 0, names: [] },
      firstPrize: 0,
      prizes: [],
      description: c.description,
      startsAt: toIso(Number(c.starts_at)),
      endsAt: toIso(Number(c.ends_at)),
      durationMinutes: Number(c.duration_minutes),
      questionCount: 2,
      freezeMinutes: null,
      status: 'upcoming',
      challengesCloseAt: null,
      testId: c.test_id,
      registration: { open: true, reason: null },
      ...(shown?.status === 'confirmed' ? { joinedAt: toIso(Number(shown.joined_at)) } : {}),
      entry: shown
        ? { status: shown.status as 'pending' | 'confirmed', holdExpiresAt: shown.hold_expires_at === null ? null : toIso(Number(shown.hold_expires_at)), attemptId: null, rank: null, rankOf: null, prize: null, ratingBefore: null, ratingAfter: null, compensatoryTime: null }
        : null,
    };
  };
}

/** The payments service's dependencies as the app builds them, for calling it the way the contests module does. */
export function paymentDepsOf(t: TestApp, clock: Clock): PaymentDeps {
  const log = { info: () => {}, warn: () => {} };
  return {
    db: t.db,
    clock,
    provider: paymentProvider(t.config.payments, { db: t.db, clock })!,
    jobs: t.jobs,
    mailer: createMailer(t.config.mail, log),
    log,
    publicUrl: t.config.publicUrl,
    reconcileAfterMs: t.config.payments.reconcileAfterMs,
    contestView: tableContestView(() => t.db),
  };
}
