import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeContest, manyCandidates, recordingPayments } from '../../../../test/contest-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/helpers.js';

// Seats are never oversold and nobody enters twice, however many joins arrive at once: one
// conditional seat update and the unique (contest, user) constraint, in one transaction.

const STORM = 2_000;
const SEATS = 100;
const env = { CONTESTS_JOINS_PER_MINUTE: '1000' };

let t: TestApp;
let candidates: { id: string; auth: Record<string, string> }[];
const payments = recordingPayments();

beforeAll(async () => {
  t = await buildTestApp({ env, contestPayments: payments });
  candidates = await manyCandidates(t.db, STORM);
}, 60_000);
afterAll(async () => t.close());

type Answer = { statusCode: number; code: string | undefined };
const joinOn = (app: TestApp['app'], contestId: string, auth: Record<string, string>): Promise<Answer> =>
  app.inject({ method: 'POST', url: `/api/contests/${contestId}/join`, headers: auth }).then((res) => ({ statusCode: res.statusCode, code: res.statusCode === 200 ? undefined : res.json<{ code: string }>().code }));

async function figures(contestId: string) {
  const contest = await t.db.selectFrom('contests').select('filled_seats').where('id', '=', contestId).executeTakeFirstOrThrow();
  const entries = await t.db.selectFrom('contest_entries').select(['user_id', 'status']).where('contest_id', '=', contestId).execute();
  return { filledSeats: contest.filled_seats, entries };
}

const tally = (answers: Answer[]) => {
  const out: Record<string, number> = {};
  for (const a of answers) out[a.code ?? String(a.statusCode)] = (out[a.code ?? String(a.statusCode)] ?? 0) + 1;
  return out;
};

describe('contests: joins at once', () => {
  it(`${STORM} candidates join a ${SEATS}-seat contest at once: exactly ${SEATS} entries and ${SEATS} seats taken`, async () => {
    const contest = await makeContest(t.db, { totalSeats: SEATS });
    const answers = await Promise.all(candidates.map((c) => joinOn(t.app, contest.id, c.auth)));
    expect(tally(answers)).toEqual({ '200': SEATS, CONTEST_FULL: STORM - SEATS });
    const { filledSeats, entries } = await figures(contest.id);
    expect(filledSeats).toBe(SEATS);
    expect(entries).toHaveLength(SEATS);
    expect(new Set(entries.map((e) => e.user_id)).size).toBe(SEATS);
    expect(entries.every((e) => e.status === 'confirmed')).toBe(true);
    // Those who got a 200 are exactly those holding an entry.
    const winners = new Set(candidates.filter((_, i) => answers[i]!.statusCode === 200).map((c) => c.id));
    expect(new Set(entries.map((e) => e.user_id))).toEqual(winners);
  }, 60_000);

  it('one candidate joining 20 times at once gets one entry and one seat', async () => {
    const contest = await makeContest(t.db, { totalSeats: 5 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => joinOn(t.app, contest.id, candidates[0]!.auth)));
    expect(tally(answers)).toEqual({ '200': 1, ALREADY_JOINED: 19 });
    const { filledSeats, entries } = await figures(contest.id);
    expect(filledSeats).toBe(1);
    expect(entries).toHaveLength(1);
  }, 60_000);

  it('paid joins at once hold exactly the seats there are, one order per held seat', async () => {
    const contest = await makeContest(t.db, { totalSeats: 25, priceAmount: 99_900 });
    const before = payments.calls.openOrder.length;
    const answers = await Promise.all(candidates.slice(0, 300).map((c) => joinOn(t.app, contest.id, c.auth)));
    expect(tally(answers)).toEqual({ '200': 25, CONTEST_FULL: 275 });
    const { filledSeats, entries } = await figures(contest.id);
    expect(filledSeats).toBe(25);
    expect(entries.filter((e) => e.status === 'pending')).toHaveLength(25);
    const orders = payments.calls.openOrder.slice(before);
    expect(orders).toHaveLength(25);
    expect(orders.every((o) => o.amount === 99_900 && o.contestId === contest.id)).toBe(true);
  }, 60_000);

  it('the storm split across two server processes, each with its own pool, still gives exactly the seats there are', async (ctx) => {
    // Two processes on one SQLite file are not this test's business: better-sqlite3 waits for a lock
    // by blocking its thread, so two connections in one process would wait on each other.
    if (t.dbHandle.dialect !== 'postgres') ctx.skip();
    const second = await buildTestApp({ env, contestPayments: payments, dbHandle: t.dbHandle.openAnother() });
    try {
      const contest = await makeContest(t.db, { totalSeats: SEATS });
      const answers = await Promise.all(candidates.map((c, i) => joinOn(i % 2 === 0 ? t.app : second.app, contest.id, c.auth)));
      expect(tally(answers)).toEqual({ '200': SEATS, CONTEST_FULL: STORM - SEATS });
      const { filledSeats, entries } = await figures(contest.id);
      expect(filledSeats).toBe(SEATS);
      expect(entries).toHaveLength(SEATS);
      // Both processes seated candidates.
      const seatedBy = new Set(candidates.flatMap((_, i) => (answers[i]!.statusCode === 200 ? [i % 2] : [])));
      expect(seatedBy).toEqual(new Set([0, 1]));

      const same = await makeContest(t.db, { totalSeats: 5 });
      const repeated = await Promise.all(Array.from({ length: 20 }, (_, i) => joinOn(i % 2 === 0 ? t.app : second.app, same.id, candidates[1]!.auth)));
      expect(tally(repeated)).toEqual({ '200': 1, ALREADY_JOINED: 19 });
      expect((await figures(same.id)).filledSeats).toBe(1);
    } finally {
      await second.app.close();
      await second.dbHandle.close();
    }
  }, 60_000);
});
