import { contestInputSchema, type ContestInput, type PaymentStart } from '@abhyas/contracts';
import type { Db } from '../src/db/index.js';
import { systemClock, type Clock } from '../src/lib/clock.js';
import { AppError } from '../src/lib/errors.js';
import { BY_SERVER } from '../src/modules/audit/audit.service.js';
import { createTokenService } from '../src/modules/auth/auth.seeding.js';
import { createContest, type ContestPayments } from '../src/modules/contests/contests.service.js';
import { newUserRow } from '../src/modules/users/users.seeding.js';
import { makeQuestions, makeTest } from './attempt-factories.js';
import { TEST_JWT_SECRET } from './helpers.js';

const HOUR = 3_600_000;
let n = 0;

/** A published test of a few questions, ready to be a contest's paper. */
export async function makePaper(db: Db, questions = 3): Promise<string> {
  const ids = (await makeQuestions(db, questions)).map((q) => q.id);
  return (await makeTest(db, { durationMinutes: 30, sections: [{ questionIds: ids }] })).id;
}

/** A published contest through the real service, on a new paper unless one is given; starts in a day by default. */
export async function makeContest(db: Db, opts: Partial<ContestInput> & { clock?: Clock } = {}) {
  n += 1;
  const { clock = systemClock, ...fields } = opts;
  const testId = fields.testId ?? (await makePaper(db));
  const input = contestInputSchema.parse({
    title: `Contest ${n}`,
    icon: 'code',
    level: 'Beginner',
    startsAt: new Date(clock.now() + 24 * HOUR).toISOString(),
    durationMinutes: 30,
    totalSeats: 10,
    priceAmount: 0,
    prizes: [{ fromRank: 1, toRank: 1, kind: 'cash', amount: 100_000 }],
    published: true,
    ...fields,
    testId,
  });
  return createContest({ db, clock, paidEntry: true, holdMs: 15 * 60_000, payments: null }, BY_SERVER, input, null);
}

/** A contest as an editor's form sends it to the admin routes: a free twenty-minute sprint on `testId`, from `startsAt`. */
export const contestForm = (testId: string, startsAt: string, over: object = {}) => ({
  title: 'Weekend Quant Sprint',
  icon: 'maths',
  level: 'Intermediate',
  description: 'Fifteen questions in twenty minutes.',
  testId,
  startsAt,
  durationMinutes: 20,
  totalSeats: 3,
  priceAmount: 0,
  prizes: [{ fromRank: 1, toRank: 1, kind: 'cash', amount: 150_000 }, { fromRank: 2, toRank: 3, kind: 'certificate' }],
  freezeMinutes: 5,
  ...over,
});

/**
 * Many candidates at once, inserted in batches (no password: they are never signed in by password),
 * each with a bearer token from the same token service the server verifies with.
 */
export async function manyCandidates(db: Db, count: number, now = Date.now()): Promise<{ id: string; auth: Record<string, string> }[]> {
  const tokens = createTokenService(TEST_JWT_SECRET, 24 * HOUR, () => Date.now());
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const rows = Array.from({ length: count }, (_, i) =>
    newUserRow({ email: `racer${i}.${run}@example.com`, name: `Racer ${i}`, role: 'candidate', passwordHash: '!no-password', now }),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('users').values(rows.slice(i, i + 500)).execute();
  return rows.map((r) => ({ id: r.id, auth: { authorization: `Bearer ${tokens.sign(r.id, 0)}` } }));
}

/** A payment port that records what it is asked and answers a test-provider start; `fail` makes openOrder throw. */
export function recordingPayments(opts: { fail?: boolean } = {}) {
  const calls = { openOrder: [] as Parameters<ContestPayments['openOrder']>[0][], refundEntry: [] as Parameters<ContestPayments['refundEntry']>[0][] };
  const port: ContestPayments & { calls: typeof calls; fail: boolean } = {
    calls,
    fail: opts.fail ?? false,
    async openOrder(p) {
      calls.openOrder.push(p);
      if (port.fail) throw new AppError('BAD_GATEWAY', 502, 'The payment provider did not answer');
      const start: PaymentStart = {
        id: `order-of-${p.entryId}`,
        provider: 'test',
        orderId: `order_${p.entryId.slice(-8)}`,
        amount: p.amount,
        currency: p.currency,
        keyId: null,
        checkoutUrl: `/api/payments/test-gateway/checkout/order_${p.entryId.slice(-8)}`,
        holdExpiresAt: new Date(p.holdExpiresAt).toISOString(),
        description: p.description,
      };
      return start;
    },
    async refundEntry(p) {
      calls.refundEntry.push(p);
    },
  };
  return port;
}
