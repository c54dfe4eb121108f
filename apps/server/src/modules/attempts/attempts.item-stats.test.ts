import { questionInputSchema, type Attempt, type ItemStats } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeTest, startTestAttempt } from '../../../test/attempt-factories.js';
import { createUser, signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { BY_SERVER } from '../audit/audit.service.js';
import { updateQuestion } from '../questions/questions.service.js';
import { saveAnswer, submitAttempt, testItemStats } from './attempts.service.js';
import { computeItemStats, type ItemStatsAttempt, type ItemStatsQuestion } from './item-stats.js';
import { paperPort } from '../../wiring.js';

const clock = testClock(Date.UTC(2026, 10, 24, 9, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

const MARKS = 2;
const NEGATIVE = 0.5;
const CANDIDATES = 24;

/**
 * What candidate i (0 = weakest, 23 = strongest) chooses in each of eight single-answer questions,
 * as bank positions (null: left blank). Every key is option 0.
 * q1 easy; q2 medium; q3 hard; q4 the stronger half get wrong (negative discrimination);
 * q5 the strongest choose option 2 over the key (a likely wrong key); q6–q8 rise with ability.
 */
const choiceOf = (i: number): (number | null)[] => [
  i < 4 ? 1 : 0,
  i >= 10 ? 0 : i % 2 === 0 ? 2 : null,
  i >= 18 || i === 3 ? 0 : [1, 3, null][i % 3]!,
  i < 12 ? 0 : 1,
  i >= 14 ? 2 : i % 2 === 0 ? 0 : 3,
  i >= 6 ? 0 : 1,
  i >= 8 ? 0 : i % 2 === 1 ? null : 3,
  i >= 13 || i === 5 ? 0 : 2,
];
const markOf = (choice: number | null) => (choice === null ? 0 : choice === 0 ? MARKS : -NEGATIVE);

/** The eight questions, a test over them that shuffles options, and the 24 candidates' submitted first attempts. */
async function testWithAttempts() {
  const questions: Awaited<ReturnType<typeof makeQuestion>>[] = [];
  for (let n = 0; n < 8; n += 1) questions.push(await makeQuestion(t.db, { key: [0] }));
  const test = await makeTest(t.db, { shuffleOptions: true, sections: [{ questionIds: questions.map((q) => q.id), marks: MARKS, negativeMarks: NEGATIVE }] });
  const deps = { db: t.db, clock, papers: paperPort(t.db) };
  const takeTest = async (i: number) => {
    const user = await createUser(t.db);
    const { attempt } = await startTestAttempt(deps, test.slug, user.id, null);
    await answerAs(deps, attempt, user.id, questions, choiceOf(i));
    await submitAttempt(deps, attempt.id, user.id, null);
  };
  for (let i = 0; i < CANDIDATES; i += 1) await takeTest(i);
  return { test, questions, takeTest };
}

/** Saves the choices (bank positions), finding each option's letter in the candidate's shuffled order by its text. */
async function answerAs(deps: { db: TestApp['db']; clock: typeof clock }, attempt: Attempt, userId: string, questions: { id: string; options: { text: string }[] }[], choices: (number | null)[]) {
  for (const [n, question] of questions.entries()) {
    const position = choices[n];
    if (position === null || position === undefined) continue;
    const text = question.options[position]!.text;
    const shown = attempt.questions.find((q) => q.questionId === question.id)!;
    const letter = shown.options.find((o) => o.html.includes(text))!.id;
    await saveAnswer(deps, { attemptId: attempt.id, userId, deviceId: null, questionId: question.id, input: { optionIds: [letter], markedForReview: false, seq: n + 1 } });
  }
}

/** The same figures from the pure computation, given what each candidate chose and the marks that follow. */
function expectedStats(questions: { id: string; options: { text: string }[] }[]) {
  const items: ItemStatsQuestion[] = questions.map((q) => ({ questionId: q.id, label: '', options: q.options.map((_, position) => ({ position, correct: position === 0, label: '' })) }));
  const attempts: ItemStatsAttempt[] = Array.from({ length: CANDIDATES }, (_, i) => {
    const entries = choiceOf(i).map((choice, n) => ({ questionId: questions[n]!.id, mark: markOf(choice), maxMark: MARKS, minMark: -NEGATIVE, chosenOptions: choice === null ? [] : [choice] }));
    return { attemptId: `c${i}`, totalMark: entries.reduce((sum, e) => sum + e.mark, 0), questions: entries };
  });
  const result = computeItemStats({ questions: items, attempts });
  if (result.status !== 'ok') throw new Error('expected statistics');
  return result;
}

const ok = (stats: ItemStats) => {
  if (stats.status !== 'ok') throw new Error(`expected statistics, got ${stats.status}`);
  return stats;
};

describe('item statistics of a test with 24 submitted first attempts', () => {
  let built: Awaited<ReturnType<typeof testWithAttempts>>;
  let editor: Record<string, string>;
  beforeAll(async () => {
    built = await testWithAttempts();
    editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
  });

  it('answers the figures the computation gives for what candidates chose, options in bank order whatever the shuffle', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/tests/${built.test.id}/item-stats`, headers: editor });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const stats = ok(res.json().data as ItemStats);
    const expected = expectedStats(built.questions);
    expect(stats.attempts).toBe(CANDIDATES);
    for (const key of ['mean', 'median', 'standardDeviation', 'skewness', 'kurtosis', 'internalConsistency', 'errorRatio', 'standardError'] as const) {
      expect(stats.test[key], key).toBeCloseTo(expected.test[key]!, 9);
    }
    expect(stats.questions.map((q) => q.questionId)).toEqual(built.questions.map((q) => q.id));
    for (const [n, question] of stats.questions.entries()) {
      const want = expected.questions[n]!;
      for (const key of ['facilityIndex', 'standardDeviation', 'discriminationIndex', 'discriminativeEfficiency', 'meanMark'] as const) {
        expect(question[key], `q${n + 1} ${key}`).toBeCloseTo(want[key]!, 9);
      }
      expect(question.flags, `q${n + 1} flags`).toEqual(want.flags);
      expect(question.likelyMiskeyOption).toBe(want.likelyMiskeyOption);
      expect(question.options.map((o) => [o.position, o.correct, o.count, o.upperGroupCount])).toEqual(want.options.map((o) => [o.position, o.correct, o.count, o.upperGroupCount]));
      expect(question.noAnswer).toEqual(want.noAnswer);
      expect(question.options[0]!.label).toBe(built.questions[n]!.options[0]!.text);
    }
    // The figures by hand: q1 is right for 20 of 24 (+2) and wrong for 4 (−0.5): facility on the
    // −0.5…2 scale = (20 × 1 + 4 × 0) / 24.
    expect(stats.questions[0]!.facilityIndex).toBeCloseTo((100 * 20) / 24, 9);
    expect(stats.questions[0]!.options.map((o) => o.count)).toEqual([20, 4, 0, 0]);
    expect(stats.questions[0]!.discriminationIndex).toBeGreaterThan(0);
    // q4 favours the weaker half; the strongest choose option 2 in q5 rather than its key.
    expect(stats.questions[3]!.flags.negativeDiscrimination).toBe(true);
    expect(stats.questions[4]).toMatchObject({ flags: { likelyMiskey: true }, likelyMiskeyOption: 2 });
    for (const n of [0, 1, 2, 5, 6, 7]) expect(stats.questions[n]!.flags, `q${n + 1}`).toMatchObject({ negativeDiscrimination: false, likelyMiskey: false });
  });

  it('is for editors only: candidates 403, signed out 401, an unknown test 404', async () => {
    const url = `/api/admin/tests/${built.test.id}/item-stats`;
    const candidate = (await signedInUser(t.app, t.db)).auth;
    expect((await t.app.inject({ method: 'GET', url, headers: candidate })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/tests/no-such-test/item-stats', headers: editor });
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Test not found' });
  });

  it('keeps the figures of a large test until an attempt is submitted or a question changes, computing them once for editors asking together', async () => {
    const deps = { db: t.db, clock, cacheFrom: 20 };
    const first = await testItemStats(deps, built.test.id);
    expect(await testItemStats(deps, built.test.id)).toBe(first);

    clock.advance(60_000);
    await built.takeTest(23);
    const [a, b] = await Promise.all([testItemStats(deps, built.test.id), testItemStats(deps, built.test.id)]);
    expect(a).toBe(b);
    expect(a).not.toBe(first);
    expect(ok(a).attempts).toBe(CANDIDATES + 1);
    expect(await testItemStats(deps, built.test.id)).toBe(a);

    // The editor corrects a question's text: the attempts keep the version they were given, and so do
    // the figures, until an attempt takes the new version; from then on they name it as it is now.
    const q1 = built.questions[0]!;
    const input = questionInputSchema.parse({ type: 'single', stem: 'Which of these is a prime number?', options: q1.options.map((o, i) => ({ text: o.text, correct: i === 0 })), categoryPath: 'SSC/Quant/Percentages' });
    await updateQuestion({ db: t.db, clock }, BY_SERVER, q1.id, input);
    expect(await testItemStats(deps, built.test.id)).toBe(a);
    expect(ok(a).questions[0]!.label).not.toBe('Which of these is a prime number?');
    clock.advance(60_000);
    await built.takeTest(24);
    const renamed = ok(await testItemStats(deps, built.test.id));
    expect(renamed).not.toBe(a);
    expect(renamed.questions[0]!.label).toBe('Which of these is a prime number?');

    // Below the threshold every request computes afresh.
    const small = { db: t.db, clock };
    expect(await testItemStats(small, built.test.id)).not.toBe(await testItemStats(small, built.test.id));
  });
});
