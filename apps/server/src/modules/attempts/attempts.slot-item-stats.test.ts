import { testInputSchema, type Attempt, type ItemStats } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTest, makeQuestion, makeTest, publishTest, startTestAttempt } from '../../../test/attempt-factories.js';
import { createUser, signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { systemClock } from '../../lib/clock.js';
import { saveAnswer, submitAttempt } from './attempts.service.js';
import { paperPort } from '../../wiring.js';
import { BY_SERVER } from '../audit/audit.service.js';

const clock = testClock(Date.UTC(2026, 10, 25, 9, 0, 0));
let t: TestApp;
let editor: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
});
afterAll(async () => t.close());

const MARKS = 1;
const NEGATIVE = 0.25;
type Question = Awaited<ReturnType<typeof makeQuestion>>;

/**
 * What candidate i (0 the weakest) does with question q (0 the easiest, key option 0): right when
 * able enough, but for a few slips and lucky guesses; some are left blank.
 */
const answerOf = (i: number, q: number): 'right' | 'wrong' | null => {
  if ((i + 2 * q) % 13 === 0) return null;
  const able = i >= 4 * q;
  const slip = (7 * i + 5 * q) % 17 === 0;
  return able !== slip ? 'right' : 'wrong';
};
const markOf = (answer: 'right' | 'wrong' | null) => (answer === null ? 0 : answer === 'right' ? MARKS : -NEGATIVE);

/** Each candidate's questions, in the order of their attempt, with the marks they earned. */
type Taken = { questionId: string; mark: number }[];

/** Candidates 0…n−1 each take the test, answering every question they get as `answerOf` says. */
async function candidatesTake(slug: string, questions: Question[], n: number): Promise<Taken[]> {
  const deps = { db: t.db, clock, papers: paperPort(t.db) };
  const index = new Map(questions.map((q, i) => [q.id, i]));
  const taken: Taken[] = [];
  for (let i = 0; i < n; i += 1) {
    const user = await createUser(t.db);
    const { attempt } = await startTestAttempt(deps, slug, user.id, null);
    taken.push(await answerAll(deps, attempt, user.id, (id) => answerOf(i, index.get(id)!)));
    await submitAttempt(deps, attempt.id, user.id, null);
  }
  return taken;
}

async function answerAll(deps: { db: TestApp['db']; clock: typeof clock }, attempt: Attempt, userId: string, answer: (questionId: string) => 'right' | 'wrong' | null): Promise<Taken> {
  const taken: Taken = [];
  for (const [n, shown] of attempt.questions.entries()) {
    const chosen = answer(shown.questionId);
    // Without shuffled options, A is the key (option 0) and B a wrong option.
    if (chosen !== null) await saveAnswer(deps, { attemptId: attempt.id, userId, deviceId: null, questionId: shown.questionId, input: { optionIds: [chosen === 'right' ? 'A' : 'B'], markedForReview: false, seq: n + 1 } });
    taken.push({ questionId: shown.questionId, mark: markOf(chosen) });
  }
  return taken;
}

const variance = (values: number[]) => {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
};

/**
 * Moodle's test statistics, written out plainly: p slots, each slot's marks over every attempt,
 * CIC = 100 · p / (p − 1) · (1 − Σ slot variance / total variance), ER = 100 · √(1 − CIC / 100),
 * SE = ER · SD / 100.
 */
function reference(slotMarks: number[][], totals: number[]) {
  const p = slotMarks.length;
  const cic = ((100 * p) / (p - 1)) * (1 - slotMarks.map(variance).reduce((s, v) => s + v, 0) / variance(totals));
  const errorRatio = 100 * Math.sqrt(1 - cic / 100);
  return { cic, errorRatio, standardError: (errorRatio * Math.sqrt(variance(totals))) / 100 };
}

const totalsOf = (taken: Taken[]) => taken.map((marks) => marks.reduce((s, m) => s + m.mark, 0));

async function itemStats(testId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/tests/${testId}/item-stats`, headers: editor });
  expect(res.statusCode).toBe(200);
  const stats = res.json().data as ItemStats;
  if (stats.status !== 'ok') throw new Error(`expected statistics, got ${stats.status}`);
  return stats;
}

describe('item statistics of a test drawn from a blueprint', () => {
  it('takes the test statistics per slot: a 5-of-15 blueprint over 60 candidates has 5 slots, each over every attempt', async () => {
    const pool: Question[] = [];
    for (let q = 0; q < 15; q += 1) pool.push(await makeQuestion(t.db, { key: [0], categoryPath: 'Blueprint/Pool' }));
    const input = testInputSchema.parse({
      title: 'Five of fifteen',
      durationMinutes: 30,
      shuffleOptions: false,
      sections: [{ title: 'Drawn', marks: MARKS, negativeMarks: NEGATIVE, rules: [{ category: 'Blueprint/Pool', count: 5 }] }],
    });
    const test = await publishTest({ db: t.db, clock: systemClock }, BY_SERVER, (await createTest({ db: t.db, clock: systemClock }, BY_SERVER, input, null)).id);
    const taken = await candidatesTake(test.slug, pool, 60);
    expect(taken.every((marks) => marks.length === 5)).toBe(true);

    // Slot k is the k-th place the rule fills: the k-th question of each attempt.
    const slots = [0, 1, 2, 3, 4].map((k) => taken.map((marks) => marks[k]!.mark));
    const want = reference(slots, totalsOf(taken));
    const stats = await itemStats(test.id);
    expect(stats.attempts).toBe(60);
    expect(want.cic).toBeGreaterThan(0);
    expect(stats.test.internalConsistency).toBeGreaterThan(0);
    expect(stats.test.internalConsistency).toBeCloseTo(want.cic, 9);
    expect(stats.test.errorRatio).toBeCloseTo(want.errorRatio, 9);
    expect(stats.test.standardError).toBeCloseTo(want.standardError, 9);
    expect(stats.test.standardDeviation).toBeCloseTo(Math.sqrt(variance(totalsOf(taken))), 9);

    // The question statistics stay per question: each of the 15, over the attempts that drew it.
    expect(stats.questions.map((q) => q.questionId).sort()).toEqual(pool.map((q) => q.id).sort());
    for (const question of stats.questions) {
      const marks = taken.flatMap((m) => m.filter((x) => x.questionId === question.questionId).map((x) => x.mark));
      expect(question.attempts).toBe(marks.length);
      const facility = (100 * marks.reduce((s, m) => s + (m + NEGATIVE) / (MARKS + NEGATIVE), 0)) / marks.length;
      expect(question.facilityIndex).toBeCloseTo(facility, 9);
    }
  });

  it('takes a fixed test with shuffled questions per question, wherever each was shown', async () => {
    const questions: Question[] = [];
    for (let q = 0; q < 6; q += 1) questions.push(await makeQuestion(t.db, { key: [0] }));
    const test = await makeTest(t.db, { shuffleQuestions: true, sections: [{ questionIds: questions.map((q) => q.id), marks: MARKS, negativeMarks: NEGATIVE }] });
    const taken = await candidatesTake(test.slug, questions, 24);
    // The shuffle moved questions about: the positions are not the questions.
    expect(new Set(taken.map((marks) => marks[0]!.questionId)).size).toBeGreaterThan(1);

    const slots = questions.map((q) => taken.map((marks) => marks.find((m) => m.questionId === q.id)!.mark));
    const want = reference(slots, totalsOf(taken));
    const stats = await itemStats(test.id);
    expect(stats.test.internalConsistency).toBeCloseTo(want.cic, 9);
    expect(stats.test.standardError).toBeCloseTo(want.standardError, 9);
  });
});
