import type { Attempt, AttemptResult } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

const clock = testClock(Date.UTC(2026, 10, 27, 9, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('a result set beside the others and the cut-off', () => {
  it('gives each section the top and average section scores of the ranked candidates, and the declared cut-offs', async () => {
    const reasoning = await makeQuestions(t.db, 2, { key: [0] });
    const quant = await makeQuestions(t.db, 2, { key: [0] });
    const test = await makeTest(t.db, {
      cutOff: 6,
      sections: [
        { title: 'Reasoning', questionIds: reasoning.map((q) => q.id), marks: 4, negativeMarks: 1, cutOff: 3 },
        { title: 'Quant', questionIds: quant.map((q) => q.id), marks: 4, negativeMarks: 1 },
      ],
    });
    // Three candidates: Reasoning 8, 3, −2 and Quant 0, 8, 4.
    const answers: [string[], string[], string[], string[]][] = [
      [['A'], ['A'], [], []],
      [['A'], ['B'], ['A'], ['A']],
      [['B'], ['B'], ['A'], []],
    ];
    const results: AttemptResult[] = [];
    for (const [i, chosen] of answers.entries()) {
      const { auth } = await signedInUser(t.app, t.db);
      const headers = { ...auth, 'x-device-id': 'desk' };
      const attempt = (await call('POST', `/api/tests/${test.slug}/attempts`, headers)).json().data as Attempt;
      clock.advance(60_000);
      const ids = [...reasoning, ...quant].map((q) => q.id);
      for (const [n, optionIds] of chosen.entries()) {
        if (optionIds.length > 0) await call('PUT', `/api/attempts/${attempt.id}/answers/${ids[n]}`, headers, { optionIds, markedForReview: false, seq: n + 1 });
      }
      await call('POST', `/api/attempts/${attempt.id}/submit`, headers);
      if (i === answers.length - 1) results.push((await call('GET', `/api/attempts/${attempt.id}/result`, headers)).json().data as AttemptResult);
    }
    const [last] = results;
    expect(last).toMatchObject({ score: 2, cutOff: 6, comparison: { topper: 11, average: 7 } });
    expect(last!.sections.map((s) => [s.title, s.score, s.comparison, s.cutOff])).toEqual([
      ['Reasoning', -2, { topper: 8, average: 3 }, 3],
      ['Quant', 4, { topper: 8, average: 4 }, null],
    ]);
  });
});
