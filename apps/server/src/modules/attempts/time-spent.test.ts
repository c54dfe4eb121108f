import type { Attempt, AttemptResult } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

/**
 * Time per question is what the device measured, but never more than the server's clock allows
 * (docs/PRODUCT.md §8.7): each save at how long its question has been open, the result at how long
 * the attempt was.
 */
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const clock = testClock(Date.UTC(2026, 10, 24, 9, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const save = (attemptId: string, questionId: string, body: object, headers: Headers) => call('PUT', `/api/attempts/${attemptId}/answers/${questionId}`, headers, body);
const storedTimes = async (attemptId: string) =>
  Object.fromEntries((await t.db.selectFrom('attempt_answers').select(['question_id', 'time_spent_ms']).where('attempt_id', '=', attemptId).execute()).map((a) => [a.question_id, Number(a.time_spent_ms)]));

async function begin(sections: { count: number; timeLimitMinutes?: number }[], durationMinutes?: number) {
  const questions = await Promise.all(sections.map((s) => makeQuestions(t.db, s.count)));
  const test = await makeTest(t.db, {
    ...(durationMinutes ? { durationMinutes } : {}),
    sections: sections.map((s, i) => ({ questionIds: questions[i]!.map((q) => q.id), timeLimitMinutes: s.timeLimitMinutes ?? null })),
  });
  const { auth } = await signedInUser(t.app, t.db);
  const on: Headers = { ...auth, 'x-device-id': 'laptop' };
  const attempt = (await call('POST', `/api/tests/${test.slug}/attempts`, on)).json().data as Attempt;
  return { attempt, on, ids: questions.map((qs) => qs.map((q) => q.id)) };
}

const resultOf = async (attemptId: string, on: Headers) => (await call('GET', `/api/attempts/${attemptId}/result`, on)).json().data as AttemptResult;

describe('time spent', () => {
  it('caps a save’s reported time at how long the attempt has been open, and the result’s time at the attempt’s span', async () => {
    const { attempt, on, ids } = await begin([{ count: 3 }], 1);
    clock.advance(20_000);
    expect((await save(attempt.id, ids[0]![0]!, { optionIds: ['A'], markedForReview: false, seq: 1, timeSpentMs: DAY }, on)).statusCode).toBe(200);
    expect(await storedTimes(attempt.id)).toEqual({ [ids[0]![0]!]: 20_000 });
    clock.advance(30_000);
    await save(attempt.id, ids[0]![1]!, { optionIds: ['A'], markedForReview: false, seq: 2, timeSpentMs: DAY }, on);
    await save(attempt.id, ids[0]![2]!, { optionIds: ['B'], markedForReview: false, seq: 3, timeSpentMs: 4_000 }, on);
    expect(await storedTimes(attempt.id)).toEqual({ [ids[0]![0]!]: 20_000, [ids[0]![1]!]: 50_000, [ids[0]![2]!]: 4_000 });

    // Submitted 55 s in: 74 s reported in all, counted as the 55 s the attempt was open.
    clock.advance(5_000);
    const submitted = (await call('POST', `/api/attempts/${attempt.id}/submit`, on)).json().data as AttemptResult;
    expect(submitted.timeSpentSeconds).toBeLessThanOrEqual(55);
    expect(submitted.timeSpentSeconds).toBeGreaterThan(54);
    expect(submitted.sections[0]!.timeSpentSeconds).toBe(submitted.timeSpentSeconds);
    const row = await t.db.selectFrom('attempts').select('time_spent_ms').where('id', '=', attempt.id).executeTakeFirstOrThrow();
    expect(Number(row.time_spent_ms)).toBe(55_000);
    const review = (await call('GET', `/api/attempts/${attempt.id}/review`, on)).json().data as { questions: { timeSpentSeconds: number }[] };
    // Each question's time is rounded to a tenth of a second.
    expect(review.questions.reduce((s, q) => s + q.timeSpentSeconds, 0)).toBeLessThanOrEqual(55 + 0.05 * review.questions.length);
  });

  it('never counts more than the attempt’s duration, even when the server submits it late', async () => {
    const { attempt, on, ids } = await begin([{ count: 2 }], 1);
    clock.advance(59_000);
    for (const [i, id] of ids[0]!.entries()) await save(attempt.id, id, { optionIds: ['A'], markedForReview: false, seq: i + 1, timeSpentMs: DAY }, on);
    clock.advance(10 * MIN);
    const result = await resultOf(attempt.id, on);
    expect(result.submittedBy).toBe('server');
    expect(result.timeSpentSeconds).toBeLessThanOrEqual(60);
  });

  it('caps a locked section’s question at how long its section has been open, and the section’s time at its window', async () => {
    const { attempt, on, ids } = await begin([{ count: 2, timeLimitMinutes: 1 }, { count: 2, timeLimitMinutes: 1 }]);
    clock.advance(MIN + 15_000);
    await save(attempt.id, ids[1]![0]!, { optionIds: ['A'], markedForReview: false, seq: 1, timeSpentMs: 50_000 }, on);
    expect(await storedTimes(attempt.id)).toEqual({ [ids[1]![0]!]: 15_000 });
    clock.advance(40_000);
    await save(attempt.id, ids[1]![1]!, { optionIds: ['A'], markedForReview: false, seq: 2, timeSpentMs: 50_000 }, on);
    await call('POST', `/api/attempts/${attempt.id}/submit`, on);
    const result = await resultOf(attempt.id, on);
    // 15 s and 50 s reported for a section open 55 s before the submission.
    expect(result.sections.map((s) => s.timeSpentSeconds)).toEqual([0, expect.any(Number)]);
    expect(result.sections[1]!.timeSpentSeconds).toBeLessThanOrEqual(55);
    expect(result.timeSpentSeconds).toBe(result.sections[1]!.timeSpentSeconds);
  });
});
