import type { Attempt, AttemptResult, ReviewQuestion } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, makeQuestions, makeTest, startTestAttempt } from '../../../test/attempt-factories.js';
import { makeTopic } from '../../../test/content-factories.js';
import { createUser, signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { saveAnswer, submitAttempt, type Learning } from './attempts.service.js';
import { paperPort } from '../../wiring.js';

const DAY = 86_400_000;
const clock = testClock(Date.UTC(2026, 10, 24, 9, 0, 0));
const recorded: { userId: string; outcomes: { questionId: string; outcome: string }[]; at: number }[] = [];
const bookmarks = new Map<string, Set<string>>();
const learning: Learning = {
  bookmarkedAmong: async (userId, ids) => new Set(ids.filter((id) => bookmarks.get(userId)?.has(id))),
  recordOutcomes: async (userId, outcomes, at) => void recorded.push({ userId, outcomes, at }),
};
let t: TestApp;
beforeAll(async () => {
  // Seven ranked candidates make a percentile here (the product's default is 30).
  t = await buildTestApp({ clock, learning, env: { EXAM_PERCENTILE_FROM: '7' } });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function candidate() {
  const { user, auth } = await signedInUser(t.app, t.db);
  return { user, headers: { ...auth, 'x-device-id': 'desk' } as Headers };
}
const start = async (slug: string, headers: Headers) => (await call('POST', `/api/tests/${slug}/attempts`, headers)).json().data as Attempt;
let seq = 0;
const save = (attemptId: string, questionId: string, body: { optionIds: string[]; markedForReview?: boolean; confidence?: string; timeSpentMs?: number }, headers: Headers) =>
  call('PUT', `/api/attempts/${attemptId}/answers/${questionId}`, headers, { markedForReview: false, ...body, seq: ++seq });
const submit = async (attemptId: string, headers: Headers) => (await call('POST', `/api/attempts/${attemptId}/submit`, headers)).json().data as AttemptResult;

/**
 * Two sections at +4/−1: a single (key B), a single (key A), a partial multiple (key A, C), then an
 * all-or-nothing multiple (key A, C), a single (key A) and one more single.
 */
async function markingTest(markedAnsweredCounts: boolean) {
  const topic = await makeTopic(t.db, { title: 'Syllogisms' });
  const q1 = await makeQuestion(t.db, { key: [1], categoryPath: 'SSC/Reasoning', topicId: topic.id });
  const q2 = await makeQuestion(t.db, { key: [0], categoryPath: 'SSC/Reasoning', topicId: topic.id });
  const q3 = await makeQuestion(t.db, { key: [0, 2] });
  const q4 = await makeQuestion(t.db, { key: [0, 2], marking: 'allOrNothing' });
  const q5 = await makeQuestion(t.db, { key: [0] });
  const q6 = await makeQuestion(t.db, { key: [0] });
  const test = await makeTest(t.db, {
    markedAnsweredCounts,
    sections: [
      { title: 'Reasoning', questionIds: [q1.id, q2.id, q3.id], marks: 4, negativeMarks: 1 },
      { title: 'Quant', questionIds: [q4.id, q5.id, q6.id], marks: 4, negativeMarks: 1 },
    ],
  });
  const c = await candidate();
  const attempt = await start(test.slug, c.headers);
  // Two minutes in: the times reported fit in what the attempt has been open.
  clock.advance(2 * 60_000);
  await save(attempt.id, q1.id, { optionIds: ['B'], confidence: 'sure', timeSpentMs: 10_000 }, c.headers);
  await save(attempt.id, q2.id, { optionIds: ['C'], confidence: 'guess', timeSpentMs: 20_000 }, c.headers);
  await save(attempt.id, q3.id, { optionIds: ['A'], confidence: 'fifty', timeSpentMs: 30_000 }, c.headers);
  await save(attempt.id, q4.id, { optionIds: ['A'], confidence: 'guess', timeSpentMs: 5_000 }, c.headers);
  await save(attempt.id, q5.id, { optionIds: ['A'], markedForReview: true, timeSpentMs: 1_500 }, c.headers);
  return { c, test, attempt, topic, q: [q1, q2, q3, q4, q5, q6] };
}

describe('marking and the result', () => {
  it('marks single, partial, all-or-nothing and negative answers, counting "answered and marked" (the NTA rule)', async () => {
    const { c, attempt, test, q } = await markingTest(true);
    const result = await submit(attempt.id, c.headers);
    expect(result).toMatchObject({
      test: { id: test.id, slug: test.slug, title: test.title },
      submittedBy: 'candidate',
      score: 8,
      maxScore: 24,
      correct: 2,
      wrong: 2,
      partial: 1,
      unattempted: 1,
      accuracy: 40,
      marksLost: 2,
      timeSpentSeconds: 66.5,
      ranked: true,
      rank: 1,
      // One candidate is too few for a percentile to mean anything.
      percentile: null,
      candidates: 1,
      percentileFrom: 7,
      reviewAvailable: true,
      revealAt: null,
    });
    expect(result.sections).toEqual([
      { sectionId: test.sections[0]!.id, title: 'Reasoning', reached: true, score: 5, maxScore: 12, correct: 1, wrong: 1, partial: 1, unattempted: 0, accuracy: 33.33, marksLost: 1, timeSpentSeconds: 60, comparison: { topper: 5, average: 5 }, cutOff: null },
      { sectionId: test.sections[1]!.id, title: 'Quant', reached: true, score: 3, maxScore: 12, correct: 1, wrong: 1, partial: 0, unattempted: 1, accuracy: 50, marksLost: 1, timeSpentSeconds: 6.5, comparison: { topper: 3, average: 3 }, cutOff: null },
    ]);
    expect(result.topics).toEqual([
      expect.objectContaining({ kind: 'category', name: 'SSC/Reasoning', slug: null, score: 3, correct: 1, wrong: 1 }),
      expect.objectContaining({ kind: 'category', name: 'SSC/Quant/Percentages', score: 5, correct: 1, wrong: 1, partial: 1, unattempted: 1 }),
      expect.objectContaining({ kind: 'topic', name: 'Syllogisms', score: 3, maxScore: 8 }),
    ]);
    expect(result.confidence).toEqual([
      { level: 'sure', answered: 1, correct: 1, wrong: 0, marksGained: 4, marksLost: 0, net: 4 },
      { level: 'fifty', answered: 1, correct: 0, wrong: 0, marksGained: 2, marksLost: 0, net: 2 },
      { level: 'guess', answered: 2, correct: 0, wrong: 2, marksGained: 0, marksLost: 2, net: -2 },
      { level: 'none', answered: 1, correct: 1, wrong: 0, marksGained: 4, marksLost: 0, net: 4 },
    ]);
    const stored = await t.db.selectFrom('attempt_answers').select(['question_id', 'mark', 'outcome']).where('attempt_id', '=', attempt.id).execute();
    const byId = new Map(stored.map((s) => [s.question_id, [s.mark, s.outcome]]));
    expect(q.slice(0, 5).map((x) => byId.get(x.id))).toEqual([
      [4, 'correct'],
      [-1, 'wrong'],
      [2, 'partial'],
      [-1, 'wrong'],
      [4, 'correct'],
    ]);
    // The learning features hear every question's outcome once.
    await t.jobs.drain();
    const heard = recorded.filter((r) => r.userId === c.user.id);
    expect(heard).toHaveLength(1);
    expect(heard[0]!.outcomes.map((o) => o.outcome)).toEqual(['correct', 'wrong', 'partial', 'wrong', 'correct', 'unattempted']);
  });

  it('leaves "answered and marked for review" unattempted when the test says it does not count', async () => {
    const { c, attempt } = await markingTest(false);
    const result = await submit(attempt.id, c.headers);
    expect(result).toMatchObject({ score: 4, correct: 1, wrong: 2, partial: 1, unattempted: 2, accuracy: 25 });
    expect(result.confidence.find((l) => l.level === 'none')).toMatchObject({ answered: 0 });
  });
});

describe('rank and percentile', () => {
  it('ranks first attempts with ties sharing a rank and the NTA percentile to 7 decimals; re-attempts are not ranked', async () => {
    const question = await makeQuestion(t.db, { key: [0] });
    const test = await makeTest(t.db, { sections: [{ questionIds: [question.id], marks: 2, negativeMarks: 0.5 }] });
    const answersGiven = [['A'], ['A'], ['A'], ['A'], [], [], ['B']];
    const people = [];
    for (const [i, optionIds] of answersGiven.entries()) {
      const c = await candidate();
      const attempt = await start(test.slug, c.headers);
      // Time taken is the server's: from the start to the submission.
      clock.advance((i + 1) * 10_000);
      if (optionIds.length > 0) await save(attempt.id, question.id, { optionIds, timeSpentMs: (i + 1) * 1000 }, c.headers);
      const result = await submit(attempt.id, c.headers);
      expect(result.timeTakenSeconds).toBe((i + 1) * 10);
      // Until the seventh ranked candidate, a rank among those there are and no percentile.
      if (i === 5) expect(result).toMatchObject({ rank: 5, candidates: 6, percentile: null, percentileFrom: 7 });
      people.push({ ...c, attempt });
    }
    const results = await Promise.all(people.map(async (p) => (await call('GET', `/api/attempts/${p.attempt.id}/result`, p.headers)).json().data as AttemptResult));
    expect(results.map((r) => [r.score, r.rank, r.percentile, r.candidates])).toEqual([
      [2, 1, 100, 7],
      [2, 1, 100, 7],
      [2, 1, 100, 7],
      [2, 1, 100, 7],
      [0, 5, 42.8571429, 7],
      [0, 5, 42.8571429, 7],
      [-0.5, 7, 14.2857143, 7],
    ]);

    // The first candidate tries again and does worse: shown, unranked, and nobody's standing moves.
    const first = people[0]!;
    const again = await start(test.slug, first.headers);
    await save(again.id, question.id, { optionIds: ['C'] }, first.headers);
    const rerun = await submit(again.id, first.headers);
    expect(rerun).toMatchObject({ attemptNumber: 2, score: -0.5, ranked: false, rank: null, percentile: null });
    const last = (await call('GET', `/api/attempts/${people[6]!.attempt.id}/result`, people[6]!.headers)).json().data;
    expect(last).toMatchObject({ rank: 7, percentile: 14.2857143, candidates: 7 });
    // Beside the top score and the average of the seven first attempts (the re-attempt is not among them).
    expect(last.comparison).toEqual({ topper: 2, average: 1.07 });
    expect(rerun.comparison).toBeNull();

    const history = (await call('GET', '/api/me/attempts', first.headers)).json();
    expect(history.serverTime).toBe(new Date(clock.now()).toISOString());
    expect(history.data.map((a: { id: string; score: number; percentile: number | null; attemptNumber: number }) => [a.id, a.attemptNumber, a.score, a.percentile])).toEqual([
      [again.id, 2, -0.5, null],
      [first.attempt.id, 1, 2, 100],
    ]);
    expect(history.data[0]).toMatchObject({ behaviour: 'timed', status: 'submitted', maxScore: 2, test: { slug: test.slug } });

    // Review: the share of first attempts that got it right (4 of 7).
    const review = (await call('GET', `/api/attempts/${people[4]!.attempt.id}/review`, people[4]!.headers)).json().data.questions as ReviewQuestion[];
    expect(review[0]).toMatchObject({ shareCorrect: 0.5714, outcome: 'unattempted', optionIds: [], correctOptionIds: ['A'], isCorrect: false, mark: 0 });
    // The four who got it right took 1, 2, 3 and 4 seconds; the re-attempt is not counted.
    expect(review[0]!.averageCorrectSeconds).toBe(2.5);
  });
});

describe('review', () => {
  it('shows each answer with the key, the explanation, the bookmark and the share right, after submission only', async () => {
    const { c, attempt, q, topic } = await markingTest(true);
    bookmarks.set(c.user.id, new Set([q[1]!.id]));
    await submit(attempt.id, c.headers);
    const res = await call('GET', `/api/attempts/${attempt.id}/review`, c.headers);
    expect(res.statusCode).toBe(200);
    const questions = res.json().data.questions as ReviewQuestion[];
    expect(questions.map((x) => x.questionId)).toEqual(q.map((x) => x.id));
    expect(questions[0]).toMatchObject({
      number: 1,
      optionIds: ['B'],
      correctOptionIds: ['B'],
      isCorrect: true,
      outcome: 'correct',
      mark: 4,
      confidence: 'sure',
      timeSpentSeconds: 10,
      explanationHtml: expect.stringContaining('Because of reason'),
      topic: { slug: topic.slug, title: 'Syllogisms' },
      shareCorrect: 1,
      bookmarked: false,
    });
    expect(questions[0]!.options.map((o) => o.correct)).toEqual([false, true, false, false]);
    expect(questions[1]).toMatchObject({ optionIds: ['C'], correctOptionIds: ['A'], isCorrect: false, outcome: 'wrong', mark: -1, bookmarked: true, shareCorrect: 0 });
    expect(questions[3]).toMatchObject({ optionIds: ['A'], correctOptionIds: ['A', 'C'], outcome: 'wrong' });
    expect(questions[4]).toMatchObject({ markedForReview: true, outcome: 'correct' });
  });

  it('waits for the test’s reveal date (409) and then shows the answers', async () => {
    const question = await makeQuestion(t.db, { key: [0] });
    const revealAt = new Date(clock.now() + DAY).toISOString();
    const test = await makeTest(t.db, { revealMode: 'date', revealAt, sections: [{ questionIds: [question.id] }] });
    const c = await candidate();
    const attempt = await start(test.slug, c.headers);
    const result = await submit(attempt.id, c.headers);
    expect(result).toMatchObject({ reviewAvailable: false, revealAt });
    const early = await call('GET', `/api/attempts/${attempt.id}/review`, c.headers);
    expect(early.json()).toMatchObject({ statusCode: 409, code: 'REVIEW_NOT_YET', message: `Answers and explanations are shown from ${revealAt}` });
    expect(early.body).not.toMatch(/explanation"|Because of reason/);
    clock.advance(DAY);
    expect((await call('GET', `/api/attempts/${attempt.id}/review`, c.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/attempts/${attempt.id}/result`, c.headers)).json().data.reviewAvailable).toBe(true);
  });
});

describe('item statistics for editors', () => {
  it('answers "not enough attempts yet" with the count below 20 first attempts, and the statistics from 20', async () => {
    const questions = await makeQuestions(t.db, 3, { key: [0] });
    const test = await makeTest(t.db, { sections: [{ questionIds: questions.map((x) => x.id), marks: 1, negativeMarks: 0 }] });
    const editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
    const deps = { db: t.db, clock, papers: paperPort(t.db) };
    const attemptOne = async (i: number) => {
      const user = await createUser(t.db);
      const { attempt } = await startTestAttempt(deps, test.slug, user.id, null);
      // Candidate i answers the first i mod 4 questions right and the rest wrong.
      for (const [n, x] of questions.entries()) {
        await saveAnswer(deps, { attemptId: attempt.id, userId: user.id, deviceId: null, questionId: x.id, input: { optionIds: [n < i % 4 ? 'A' : 'B'], markedForReview: false, seq: n + 1 } });
      }
      await submitAttempt(deps, attempt.id, user.id, null);
    };
    for (let i = 0; i < 19; i += 1) await attemptOne(i);
    const url = `/api/admin/tests/${test.id}/item-stats`;
    const early = await call('GET', url, editor);
    expect(early.statusCode).toBe(200);
    expect(early.json().data).toEqual({
      status: 'notEnoughAttempts',
      attempts: 19,
      minimumAttempts: 20,
      message: 'Not enough attempts yet: item statistics need 20 submitted first attempts, and this test has 19',
    });
    await attemptOne(19);
    const stats = (await call('GET', url, editor)).json().data;
    expect(stats).toMatchObject({ status: 'ok', attempts: 20, test: { attempts: 20 } });
    expect(stats.questions.map((x: { questionId: string }) => x.questionId)).toEqual(questions.map((x) => x.id));
    // Question 1 is right for candidates with i mod 4 ≥ 1: 15 of 20.
    expect(stats.questions[0]).toMatchObject({ attempts: 20, facilityIndex: 75, options: [expect.objectContaining({ position: 0, correct: true, count: 15 }), expect.objectContaining({ position: 1, correct: false, count: 5 }), expect.anything(), expect.anything()] });
    expect(stats.questions[0].label).toMatch(/^Question \d+: which is it\?/);

    expect((await call('GET', url, (await candidate()).headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/tests/no-such-test/item-stats', editor)).statusCode).toBe(404);
  });
});
