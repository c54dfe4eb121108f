import type { Attempt } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeQuestions, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

/**
 * Once the server has saved to an attempt, later saves skip reading the attempt first: the save's
 * own statement checks that the attempt is open and the device its writer. Every refusal must stay
 * what it is without that read, in the same order of checks.
 */
const MIN = 60_000;
const clock = testClock(Date.UTC(2026, 10, 24, 9, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const save = (attemptId: string, questionId: string, body: object, headers: Headers) => t.app.inject({ method: 'PUT', url: `/api/attempts/${attemptId}/answers/${questionId}`, headers, payload: body });
const answers = (attemptId: string) => t.db.selectFrom('attempt_answers').select(['question_id', 'seq', 'choice']).where('attempt_id', '=', attemptId).orderBy('question_id').execute();

async function savedOnce() {
  const questions = await makeQuestions(t.db, 3, { key: [0] });
  const test = await makeTest(t.db, { durationMinutes: 30, graceSeconds: 60, sections: [{ questionIds: questions.map((q) => q.id) }] });
  const { auth } = await signedInUser(t.app, t.db);
  const on = (device = 'laptop'): Headers => ({ ...auth, 'x-device-id': device });
  const attempt = (await t.app.inject({ method: 'POST', url: `/api/tests/${test.slug}/attempts`, headers: on() })).json().data as Attempt;
  const ids = questions.map((q) => q.id);
  expect((await save(attempt.id, ids[0]!, { optionIds: ['B'], markedForReview: false, seq: 1 }, on())).json().data).toMatchObject({ applied: true, seq: 1 });
  return { attempt, ids, on, auth };
}

describe('saves after the first one', () => {
  it('write, stay ordered by seq, and keep refusing what they refused before', async () => {
    const { attempt, ids, on, auth } = await savedOnce();
    expect((await save(attempt.id, ids[1]!, { optionIds: ['A'], markedForReview: true, seq: 2 }, on())).json().data).toMatchObject({ applied: true, seq: 2, state: 'answeredMarked' });
    expect((await save(attempt.id, ids[0]!, { optionIds: ['C'], markedForReview: false, seq: 1 }, on())).json().data).toMatchObject({ applied: false, optionIds: ['B'], seq: 1 });

    const other = await signedInUser(t.app, t.db);
    const stranger = await makeQuestion(t.db);
    const refusals: [string, object, Headers, number, string][] = [
      [ids[2]!, { optionIds: ['A'], markedForReview: false, seq: 3 }, { ...other.auth, 'x-device-id': 'laptop' }, 404, 'Attempt not found'],
      [stranger.id, { optionIds: ['A'], markedForReview: false, seq: 3 }, on(), 404, 'This question is not part of the attempt'],
      [ids[2]!, { optionIds: ['E'], markedForReview: false, seq: 3 }, on(), 400, 'optionIds: This question has options A to D only'],
      [ids[2]!, { optionIds: ['A', 'B'], markedForReview: false, seq: 3 }, on(), 400, 'optionIds: This question takes one answer'],
      [ids[2]!, { optionIds: ['A'], markedForReview: false, seq: 3 }, on('phone'), 409, 'This attempt continues on another device'],
      [ids[2]!, { optionIds: ['A'], markedForReview: false, seq: 3 }, auth, 409, 'This attempt continues on another device'],
    ];
    for (const [questionId, body, headers, status, message] of refusals) {
      expect((await save(attempt.id, questionId, body, headers)).json(), message).toMatchObject({ statusCode: status, message });
    }
    expect(Object.fromEntries((await answers(attempt.id)).map((a) => [a.question_id, Number(a.seq)]))).toEqual({ [ids[0]!]: 1, [ids[1]!]: 2 });
  });

  it('refuse the old device once another took over, a closed attempt first of all, and past the deadline', async () => {
    const { attempt, ids, on } = await savedOnce();
    expect((await t.app.inject({ method: 'POST', url: `/api/attempts/${attempt.id}/takeover`, headers: on('phone') })).statusCode).toBe(200);
    expect((await save(attempt.id, ids[1]!, { optionIds: ['A'], markedForReview: false, seq: 2 }, on())).json().code).toBe('ATTEMPT_TAKEN_OVER');
    expect((await save(attempt.id, ids[1]!, { optionIds: ['A'], markedForReview: false, seq: 2 }, on('phone'))).json().data.applied).toBe(true);

    clock.advance(30 * MIN + 61_000);
    const late = await save(attempt.id, ids[2]!, { optionIds: ['A'], markedForReview: false, seq: 3 }, on('phone'));
    expect(late.json()).toMatchObject({ statusCode: 409, code: 'ATTEMPT_CLOSED', message: expect.stringContaining('Time is up') });

    const next = await savedOnce();
    expect((await t.app.inject({ method: 'POST', url: `/api/attempts/${next.attempt.id}/submit`, headers: next.on() })).statusCode).toBe(200);
    // Closed comes before anything else about the save, an unknown question included.
    const stranger = await makeQuestion(t.db);
    for (const questionId of [next.ids[1]!, stranger.id]) {
      expect((await save(next.attempt.id, questionId, { optionIds: ['A'], markedForReview: false, seq: 9 }, next.on())).json()).toMatchObject({ statusCode: 409, code: 'ATTEMPT_CLOSED', message: 'This attempt has been submitted: answers are no longer accepted' });
    }
    expect(await answers(next.attempt.id)).toHaveLength(1);
  });
});
