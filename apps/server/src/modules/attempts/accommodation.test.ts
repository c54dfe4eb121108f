import type { Attempt } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { paperPort } from '../../wiring.js';
import { compensatedEnd, pastBound } from './accommodation.js';
import { attemptResult, submitOverdueAttempts } from './attempts.service.js';

/**
 * Compensatory time (docs/PRODUCT.md §8.11): an attempt started after an admin gives a candidate
 * extra minutes per hour runs that much longer, overall and in each locked section, and keeps the
 * figure it started with.
 */
const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);
const clock = testClock(T0);
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const iso = (ms: number) => new Date(ms).toISOString();
const deps = () => ({ db: t.db, clock, papers: paperPort(t.db), percentileFrom: 1 });

async function setExtra(userId: string, extraMinutesPerHour: number) {
  const res = await call('PUT', `/api/admin/users/${userId}/accommodation`, admin, { extraMinutesPerHour });
  expect(res.statusCode).toBe(200);
}

async function candidate(extraMinutesPerHour = 0) {
  const { user, auth } = await signedInUser(t.app, t.db);
  if (extraMinutesPerHour > 0) await setExtra(user.id, extraMinutesPerHour);
  return { id: user.id, on: { ...auth, 'x-device-id': `device-${user.id}` } as Headers };
}

async function start(slug: string, headers: Headers) {
  const res = await call('POST', `/api/tests/${slug}/attempts`, headers);
  expect([200, 201]).toContain(res.statusCode);
  return res.json().data as Attempt;
}
const get = async (id: string, headers: Headers) => (await call('GET', `/api/attempts/${id}`, headers)).json().data as Attempt;
const save = (attemptId: string, questionId: string, seq: number, headers: Headers) =>
  call('PUT', `/api/attempts/${attemptId}/answers/${questionId}`, headers, { optionIds: ['A'], markedForReview: false, seq });
const statusOf = async (id: string) => (await t.db.selectFrom('attempts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const length = (a: Attempt) => Date.parse(a.endsAt!) - Date.parse(a.startedAt);

describe('the rule', () => {
  it('grows a duration by the extra minutes per hour, and lets a bounded attempt run past its bound by the share of the shorter writing time', () => {
    expect(compensatedEnd(T0, 60, 20)).toBe(T0 + 80 * MIN);
    expect(compensatedEnd(T0, 45, 0)).toBe(T0 + 45 * MIN);
    expect(compensatedEnd(T0, 7, 13)).toBe(T0 + 7 * 73_000);
    // A contest from T0 to T0 + 60 on a 60-minute paper: 20 minutes past its end, wherever the start.
    const contest = { at: T0 + 60 * MIN, writingMinutes: 60 };
    expect(compensatedEnd(T0, 60, 20, contest)).toBe(T0 + 80 * MIN);
    expect(compensatedEnd(T0 + 30 * MIN, 60, 20, contest)).toBe(T0 + 80 * MIN);
    expect(compensatedEnd(T0 + 30 * MIN, 60, 0, contest)).toBe(T0 + 60 * MIN);
    // A three-hour window on a 60-minute paper: the share is of the paper's hour.
    expect(pastBound({ at: T0 + 180 * MIN, writingMinutes: 180 }, 60, 20)).toBe(20 * MIN);
    // A 30-minute contest on a 60-minute paper: of the contest's half hour.
    expect(pastBound({ at: T0 + 30 * MIN, writingMinutes: 30 }, 60, 20)).toBe(10 * MIN);
  });
});

describe('compensatory time in timed attempts', () => {
  it('runs a 60-minute paper for 80 minutes at 20 extra minutes per hour; the sweeper waits for its end, and its result is ranked as any other', async () => {
    const questions = await makeQuestions(t.db, 2, { key: [0] });
    const test = await makeTest(t.db, { durationMinutes: 60, graceSeconds: 30, sections: [{ questionIds: questions.map((q) => q.id), marks: 1, negativeMarks: 0 }] });
    const [asha, ravi] = [await candidate(20), await candidate()];
    const startedAt = clock.now();
    const [extended, plain] = [await start(test.slug, asha.on), await start(test.slug, ravi.on)];
    expect(extended).toMatchObject({ startedAt: iso(startedAt), endsAt: iso(startedAt + 80 * MIN), extraMinutesPerHour: 20 });
    expect(plain).toMatchObject({ endsAt: iso(startedAt + 60 * MIN), extraMinutesPerHour: 0 });

    // Seventy minutes in: her answers still count, his time is over; the sweeper submits only his.
    clock.advance(70 * MIN);
    expect((await save(extended.id, questions[0]!.id, 1, asha.on)).statusCode).toBe(200);
    expect((await save(plain.id, questions[0]!.id, 1, ravi.on)).statusCode).toBe(409);
    await submitOverdueAttempts({ db: t.db, clock });
    expect([await statusOf(extended.id), await statusOf(plain.id)]).toEqual(['open', 'submitted']);

    // Within her grace, past her end: still open; after it, the server submits it.
    clock.advance(10 * MIN + 20_000);
    expect((await save(extended.id, questions[1]!.id, 2, asha.on)).statusCode).toBe(409);
    await submitOverdueAttempts({ db: t.db, clock });
    expect(await statusOf(extended.id)).toBe('open');
    clock.advance(11_000);
    await submitOverdueAttempts({ db: t.db, clock });
    expect(await statusOf(extended.id)).toBe('submitted');

    const [hers, his] = [await attemptResult(deps(), extended.id, asha.id), await attemptResult(deps(), plain.id, ravi.id)];
    expect(hers).toMatchObject({ score: 1, submittedBy: 'server', timeTakenSeconds: 80 * 60, ranked: true, rank: 1, percentile: 100 });
    expect(his).toMatchObject({ score: 0, submittedBy: 'server', timeTakenSeconds: 60 * 60, ranked: true, rank: 2, percentile: 50 });
  });

  it('stretches each locked section by the same rate: three 20-minute sections open 26 min 40 s apart', async () => {
    const sections = [await makeQuestions(t.db, 2), await makeQuestions(t.db, 2), await makeQuestions(t.db, 2)];
    const test = await makeTest(t.db, { graceSeconds: 0, sections: sections.map((qs) => ({ questionIds: qs.map((q) => q.id), timeLimitMinutes: 20, marks: 1, negativeMarks: 0 })) });
    const asha = await candidate(20);
    const startedAt = clock.now();
    const attempt = await start(test.slug, asha.on);
    const step = 26 * MIN + 40_000;
    expect(attempt.endsAt).toBe(iso(startedAt + 80 * MIN));
    expect(attempt.sections.map((s) => [s.opensAt, s.closesAt])).toEqual([0, 1, 2].map((i) => [iso(startedAt + i * step), iso(startedAt + (i + 1) * step)]));

    // 21 minutes in, the first section is still open (it would have closed at 20 without the extra time).
    clock.advance(21 * MIN);
    const ids = (a: Attempt) => a.questions.map((q) => q.questionId);
    expect(ids(await get(attempt.id, asha.on))).toEqual(sections[0]!.map((q) => q.id));
    expect((await save(attempt.id, sections[0]![0]!.id, 1, asha.on)).statusCode).toBe(200);
    clock.advance(step - 21 * MIN + 1_000);
    expect(ids(await get(attempt.id, asha.on))).toEqual(sections[1]!.map((q) => q.id));
    expect((await save(attempt.id, sections[0]![1]!.id, 2, asha.on)).statusCode).toBe(409);
    clock.advance(2 * step);
    await submitOverdueAttempts({ db: t.db, clock });
    expect(await statusOf(attempt.id)).toBe('submitted');
  });

  it('keeps the figure an attempt started with: a later change moves no running attempt, and the next attempt takes it', async () => {
    const questions = await makeQuestions(t.db, 2, { key: [0] });
    const test = await makeTest(t.db, { durationMinutes: 60, graceSeconds: 0, attemptsAllowed: 2, sections: [{ questionIds: questions.map((q) => q.id) }] });
    const [meera, kavya] = [await candidate(), await candidate(30)];
    const startedAt = clock.now();
    const [before, given] = [await start(test.slug, meera.on), await start(test.slug, kavya.on)];
    expect([length(before), length(given)]).toEqual([60 * MIN, 90 * MIN]);

    // An admin gives Meera 20 minutes an hour and takes Kavya's away while both are writing.
    await setExtra(meera.id, 20);
    await setExtra(kavya.id, 0);
    expect(await get(before.id, meera.on)).toMatchObject({ endsAt: before.endsAt, extraMinutesPerHour: 0, sections: before.sections });
    expect(await start(test.slug, meera.on)).toMatchObject({ id: before.id, endsAt: before.endsAt });
    expect(await get(given.id, kavya.on)).toMatchObject({ endsAt: given.endsAt, extraMinutesPerHour: 30 });

    clock.advance(70 * MIN);
    expect((await save(before.id, questions[0]!.id, 1, meera.on)).statusCode).toBe(409);
    expect((await save(given.id, questions[0]!.id, 1, kavya.on)).statusCode).toBe(200);
    await submitOverdueAttempts({ db: t.db, clock });
    expect([await statusOf(before.id), await statusOf(given.id)]).toEqual(['submitted', 'open']);

    // Meera's second attempt, started now, takes her 20 minutes an hour.
    const second = await start(test.slug, meera.on);
    expect(second).toMatchObject({ attemptNumber: 2, extraMinutesPerHour: 20, startedAt: iso(clock.now()), endsAt: iso(clock.now() + 80 * MIN) });
    expect(startedAt).toBeLessThan(clock.now());
  });
});
