import type { Attempt, Contest, Leaderboard } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../../../test/attempt-factories.js';
import { makeContest } from '../../../../test/contest-factories.js';
import { signedInUser } from '../../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../../test/helpers.js';
import { submitOverdueAttempts } from '../../attempts/attempts.service.js';
import { FINALIZE_AFTER_END_MS, finalizeEndedContests } from './finalize.js';

/**
 * A contest with an entrant who has compensatory time (docs/PRODUCT.md §8.11): they write past the
 * contest's end by their share of it, the key stays sealed and the board shows them writing until
 * then, and the contest is made final only once their time and the challenge window after it are over.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
const WINDOW = HOUR;
const T0 = Date.UTC(2026, 11, 5, 10, 0, 0);
const clock = testClock(T0 - HOUR);
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  // The server's own sweeps stay out of the way: this test sweeps and finalizes when it means to.
  t = await buildTestApp({ clock, env: { CHALLENGE_WINDOW: '1h', CONTESTS_SWEEP_INTERVAL: '1h', EXAM_SWEEP_INTERVAL: '1h' } });
  admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const iso = (ms: number) => new Date(ms).toISOString();
const at = (ms: number) => clock.advance(ms - clock.now());
const finalize = () => finalizeEndedContests({ db: t.db, clock }, {}, FINALIZE_AFTER_END_MS + WINDOW);
const finalizedAt = async (id: string) => (await t.db.selectFrom('contests').select('finalized_at').where('id', '=', id).executeTakeFirstOrThrow()).finalized_at;

async function entrant(contestId: string, extraMinutesPerHour: number) {
  const { user, auth } = await signedInUser(t.app, t.db);
  if (extraMinutesPerHour > 0) expect((await call('PUT', `/api/admin/users/${user.id}/accommodation`, admin, { extraMinutesPerHour })).statusCode).toBe(200);
  expect((await call('POST', `/api/contests/${contestId}/join`, auth)).statusCode).toBe(200);
  const on: Headers = { ...auth, 'x-device-id': `device-${user.id}` };
  return {
    id: user.id,
    on,
    view: async () => (await call('GET', `/api/contests/${contestId}`, auth)).json().data as Contest,
    enter: async () => {
      const res = await call('POST', `/api/contests/${contestId}/attempt`, on);
      return { status: res.statusCode, attempt: res.json().data as Attempt };
    },
    board: async () => (await call('GET', `/api/contests/${contestId}/leaderboard`, auth)).json().data as Leaderboard,
  };
}

const answer = (attemptId: string, questionId: string, seq: number, headers: Headers) =>
  call('PUT', `/api/attempts/${attemptId}/answers/${questionId}`, headers, { optionIds: ['A'], markedForReview: false, seq });

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 600)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a contest with compensatory time', () => {
  it('lets an entrant with 20 extra minutes per hour write until 20 minutes after a 60-minute contest, and makes it final only after', async () => {
    const questions = await makeQuestions(t.db, 3, { key: [0] });
    const paper = await makeTest(t.db, { durationMinutes: 60, graceSeconds: 30, sections: [{ questionIds: questions.map((q) => q.id), marks: 1, negativeMarks: 0 }] });
    const contest = await makeContest(t.db, { clock, testId: paper.id, startsAt: iso(T0), durationMinutes: 60, freezeMinutes: null });
    const [asha, ravi, kavya] = [await entrant(contest.id, 20), await entrant(contest.id, 0), await entrant(contest.id, 20)];

    // Before the start each is told their own time: Asha and Kavya may write until 11:20, Ravi has no extra time.
    expect((await asha.view()).entry).toMatchObject({ status: 'confirmed', compensatoryTime: { extraMinutesPerHour: 20, writeUntil: iso(T0 + 80 * MIN) } });
    expect((await ravi.view()).entry?.compensatoryTime).toBeNull();

    at(T0 + 5 * MIN);
    const [hers, his] = [await asha.enter(), await ravi.enter()];
    // Five minutes in, her 80 minutes would run to 11:25: the contest's end plus her share, 11:20, comes first.
    expect(hers).toMatchObject({ status: 201, attempt: { extraMinutesPerHour: 20, endsAt: iso(T0 + 80 * MIN) } });
    expect(his.attempt).toMatchObject({ extraMinutesPerHour: 0, endsAt: iso(T0 + 60 * MIN) });
    for (const [i, q] of questions.entries()) expect((await answer(his.attempt.id, q.id, i + 1, ravi.on)).statusCode).toBe(200);
    expect((await answer(hers.attempt.id, questions[0]!.id, 1, asha.on)).statusCode).toBe(200);
    at(T0 + 30 * MIN);
    expect((await call('POST', `/api/attempts/${his.attempt.id}/submit`, ravi.on)).statusCode).toBe(200);

    // Kavya starts late, ten minutes before the end: her attempt ends 20 minutes after it, as Asha's does.
    at(T0 + 50 * MIN);
    const late = await kavya.enter();
    expect(late.attempt).toMatchObject({ extraMinutesPerHour: 20, endsAt: iso(T0 + 80 * MIN) });
    expect((await asha.view()).entry?.compensatoryTime).toEqual({ extraMinutesPerHour: 20, writeUntil: iso(T0 + 80 * MIN) });

    // Past the contest's end: the contest has ended, the two still write and the board says so.
    at(T0 + 65 * MIN);
    const after = await ravi.view();
    expect(after).toMatchObject({ status: 'ended', challengesCloseAt: iso(T0 + 80 * MIN + WINDOW) });
    const resumed = await asha.enter();
    expect(resumed).toMatchObject({ status: 200, attempt: { id: hers.attempt.id, status: 'open' } });
    expect((await answer(hers.attempt.id, questions[1]!.id, 2, asha.on)).statusCode).toBe(200);
    const board = await until(() => ravi.board(), (b) => b.rows.find((r) => r.state === 'playing' && r.answered === 2) !== undefined);
    expect(board.rows.map((r) => r.state).sort()).toEqual(['playing', 'playing', 'submitted']);
    // Nobody sees the key while an entrant still writes: Ravi's review waits, his result is provisional.
    expect((await call('GET', `/api/attempts/${his.attempt.id}/review`, ravi.on)).statusCode).toBe(409);
    expect((await call('GET', `/api/attempts/${his.attempt.id}/result`, ravi.on)).json().data).toMatchObject({ provisional: true });

    // Seventy-eight minutes in, past the quarter hour after the end that a board usually follows
    // answers for: her answer still moves it. (The server looks up which contests are in play again
    // after five seconds of its own time, which this waits out so the lookup is made now.)
    await new Promise((r) => setTimeout(r, 5_200));
    at(T0 + 78 * MIN);
    expect((await answer(hers.attempt.id, questions[2]!.id, 3, asha.on)).statusCode).toBe(200);
    await until(() => asha.board(), (b) => b.me?.answered === 3, 2_000);

    // The contest's end and its challenge window are over, but not her time's: nothing is final.
    at(T0 + 60 * MIN + WINDOW + 11_000);
    expect(await finalize()).toBe(0);
    await submitOverdueAttempts({ db: t.db, clock });
    expect(await finalize()).toBe(0);
    expect(await finalizedAt(contest.id)).toBeNull();
    // Once the challenge window after her end has closed too, the contest is final, her rank among the others'.
    at(T0 + 80 * MIN + WINDOW + 11_000);
    expect(await finalize()).toBe(1);
    expect((await ravi.view()).entry).toMatchObject({ rank: 1, rankOf: 3, ratingBefore: 1500 });
    expect((await kavya.view()).entry).toMatchObject({ rank: 3, rankOf: 3 });
    expect((await asha.view()).entry).toMatchObject({ rank: 2, rankOf: 3, compensatoryTime: { extraMinutesPerHour: 20, writeUntil: iso(T0 + 80 * MIN) } });
  });
});
