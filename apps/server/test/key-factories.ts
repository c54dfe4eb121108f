import { testInputSchema, type TestInput } from '@abhyas/contracts';
import type { Db } from '../src/db/index.js';
import { systemClock, type Clock } from '../src/lib/clock.js';
import { BY_SERVER } from '../src/modules/audit/audit.service.js';
import { createTest, publishTest } from '../src/modules/papers/papers.service.js';
import { makeTest } from './attempt-factories.js';
import { makeContest } from './contest-factories.js';
import type { TestApp } from './helpers.js';

/** What a script finds in an attempt document: each question's id and its options' letters and text. */
export type ServedQuestion = { questionId: string; options: { id: string; html: string }[] };

type Headers = Record<string, string>;
const MINUTE = 60_000;

const call = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A published mock test of one blueprint section drawing `count` questions of a category. */
export async function makeBlueprintTest(db: Db, category: string, count: number, opts: Partial<Omit<TestInput, 'sections'>> = {}) {
  const input = testInputSchema.parse({
    title: `Blueprint of ${category}`,
    durationMinutes: 30,
    sections: [{ title: 'Drawn', marks: 1, negativeMarks: 0, questionIds: [], rules: [{ category, count }] }],
    ...opts,
  });
  const deps = { db, clock: systemClock };
  return publishTest(deps, BY_SERVER, (await createTest(deps, BY_SERVER, input, null)).id);
}

/** A published mock test over these questions and the candidate's open attempt at it, as the API answers them. */
export async function openMockAttempt(t: TestApp, auth: Headers, questionIds: string[], opts: Partial<Omit<TestInput, 'sections'>> = {}) {
  const test = await makeTest(t.db, { ...opts, sections: [{ questionIds }] });
  const on = { ...auth, 'x-device-id': 'phone' };
  const res = await call(t, 'POST', `/api/tests/${test.slug}/attempts`, on);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  const attempt = res.json().data as { id: string; questions: ServedQuestion[] };
  let seq = 0;
  return {
    test,
    attempt,
    save: (questionId: string, optionIds: string[]) => call(t, 'PUT', `/api/attempts/${attempt.id}/answers/${questionId}`, on, { optionIds, markedForReview: false, seq: (seq += 1) }),
    submit: () => call(t, 'POST', `/api/attempts/${attempt.id}/submit`, on),
  };
}

/**
 * A contest on a paper of these questions, starting a minute from the clock's now and lasting
 * `minutes`; the candidates given join it. Advance the clock a minute or more to have it running.
 */
export async function contestOver(t: TestApp, clock: Clock, questionIds: string[], opts: { minutes?: number; entrants?: Headers[] } = {}) {
  const paper = await makeTest(t.db, { durationMinutes: opts.minutes ?? 30, sections: [{ questionIds }] });
  const startsAt = clock.now() + MINUTE;
  const contest = await makeContest(t.db, { clock, testId: paper.id, startsAt: new Date(startsAt).toISOString(), durationMinutes: opts.minutes ?? 30 });
  for (const auth of opts.entrants ?? []) {
    const joined = await call(t, 'POST', `/api/contests/${contest.id}/join`, auth);
    if (joined.statusCode !== 200) throw new Error(`${joined.statusCode} ${joined.body}`);
  }
  return { contest, paper, startsAt, endsAt: startsAt + (opts.minutes ?? 30) * MINUTE };
}
