import type { Attempt, AttemptResult } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { RANK_FRESH_MS } from './rank-snapshot.js';

/*
 * Ranks come from each process's snapshot of the test's scores (docs/PRODUCT.md §8.7): another
 * candidate's submission or a key decision shows in every process within RANK_FRESH_MS, and the
 * candidate's own attempt is counted from the moment it is submitted. Two apps on one database stand
 * for two server processes; they share the test's clock.
 */

const clock = testClock(Date.UTC(2026, 10, 30, 9, 0, 0));
const env = { EXAM_PERCENTILE_FROM: '1' };
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await buildTestApp({ clock, env });
  two = await buildTestApp({ clock, env, dbHandle: one.dbHandle.openAnother() });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

type Headers = Record<string, string>;
const call = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A candidate who sits the one-question test on the first process, answering `optionIds`, and submits. */
async function sit(slug: string, questionId: string, optionIds: string[]) {
  const { auth } = await signedInUser(one.app, one.db);
  const headers = { ...auth, 'x-device-id': 'desk' };
  const attempt = (await call(one, 'POST', `/api/tests/${slug}/attempts`, headers)).json().data as Attempt;
  await call(one, 'PUT', `/api/attempts/${attempt.id}/answers/${questionId}`, headers, { optionIds, markedForReview: false, seq: 1 });
  const submitted = (await call(one, 'POST', `/api/attempts/${attempt.id}/submit`, headers)).json().data as AttemptResult;
  return { headers, attemptId: attempt.id, submitted };
}

const standingOn = async (t: TestApp, who: { attemptId: string; headers: Headers }) => {
  const r = (await call(t, 'GET', `/api/attempts/${who.attemptId}/result`, who.headers)).json().data as AttemptResult;
  return { score: r.score, rank: r.rank, candidates: r.candidates, percentile: r.percentile, comparison: r.comparison };
};

describe('ranks from each process’s snapshot of the scores', () => {
  it('counts a submission everywhere within the promise, and the candidate’s own at once', async () => {
    const question = await makeQuestion(one.db, { key: [0] });
    const test = await makeTest(one.db, { sections: [{ questionIds: [question.id], marks: 2, negativeMarks: 0.5 }] });
    const right = await sit(test.slug, question.id, ['A']);
    const wrong = await sit(test.slug, question.id, ['B']);
    clock.advance(60_000);
    // Both processes read their snapshot now.
    for (const t of [one, two]) {
      expect(await standingOn(t, right)).toMatchObject({ score: 2, rank: 1, candidates: 2, percentile: 100 });
      expect(await standingOn(t, wrong)).toMatchObject({ score: -0.5, rank: 2, candidates: 2, percentile: 50, comparison: { topper: 2, average: 0.75 } });
    }

    // A third candidate submits while both snapshots are fresh and predate it: their own standing is exact at once, on either process.
    clock.advance(RANK_FRESH_MS / 4);
    const late = await sit(test.slug, question.id, ['A']);
    expect(late.submitted).toMatchObject({ score: 2, rank: 1, candidates: 3, percentile: 100, comparison: { topper: 2 } });
    expect(await standingOn(two, late)).toMatchObject({ score: 2, rank: 1, candidates: 3, percentile: 100 });

    // Everyone else sees it within the promise, on both processes.
    clock.advance(RANK_FRESH_MS);
    for (const t of [one, two]) {
      expect(await standingOn(t, wrong)).toEqual({ score: -0.5, rank: 3, candidates: 3, percentile: 33.3333333, comparison: { topper: 2, average: 1.17 } });
      expect(await standingOn(t, right)).toMatchObject({ rank: 1, candidates: 3, percentile: 100 });
    }
  });

  it('ranks by the new scores after a key decision: at once in the process that re-marked, within the promise in the others', async () => {
    const question = await makeQuestion(one.db, { key: [0] });
    const test = await makeTest(one.db, { sections: [{ questionIds: [question.id], marks: 2, negativeMarks: 0.5 }] });
    const [a, b, c] = [await sit(test.slug, question.id, ['A']), await sit(test.slug, question.id, ['A']), await sit(test.slug, question.id, ['B'])];
    clock.advance(60_000);
    for (const t of [one, two]) expect(await standingOn(t, c)).toMatchObject({ score: -0.5, rank: 3, candidates: 3 });

    const editor = (await signedInUser(one.app, one.db, { role: 'editor' })).auth;
    const decided = await call(one, 'POST', `/api/admin/questions/${question.id}/key-decisions`, editor, { testId: test.id, action: 'change', correctOptionIds: ['B'], note: 'Option B is right' });
    expect(decided.json().data).toMatchObject({ remarked: 3, changed: 3 });
    expect(await standingOn(one, c)).toEqual({ score: 2, rank: 1, candidates: 3, percentile: 100, comparison: { topper: 2, average: 0.33 } });
    expect(await standingOn(one, a)).toMatchObject({ score: -0.5, rank: 2, candidates: 3, percentile: 66.6666667 });

    clock.advance(RANK_FRESH_MS);
    expect(await standingOn(two, c)).toEqual({ score: 2, rank: 1, candidates: 3, percentile: 100, comparison: { topper: 2, average: 0.33 } });
    expect(await standingOn(two, b)).toMatchObject({ score: -0.5, rank: 2, candidates: 3, percentile: 66.6666667 });
  });
});
