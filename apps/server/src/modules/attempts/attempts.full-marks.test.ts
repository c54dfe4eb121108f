import type { Attempt, AttemptResult, PracticeFeedback, PracticeSession, ReviewQuestion } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

const clock = testClock(Date.UTC(2026, 10, 25, 9, 0, 0));
let t: TestApp;
let editor: Record<string, string>;
let question: { id: string; options: { text: string; fraction: number }[] };

// Moodle and GIFT write a third as 33.33333%: the three right options add up to 0.9999999.
const GIFT = `// [tag:primes]
::Primes:: Which of these are prime numbers? {
  ~%33.33333%2
  ~%33.33333%3
  ~%33.33333%5
  ~%-100%9
}
`;
const RIGHT = ['2', '3', '5'];

beforeAll(async () => {
  t = await buildTestApp({ clock });
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/admin/questions/import?format=gift&dryRun=false&category=Imported/Primes',
    headers: { ...editor, 'content-type': 'text/plain' },
    payload: GIFT,
  });
  expect(imported.json()).toMatchObject({ imported: 1, errors: [] });
  const list = await t.app.inject({ method: 'GET', url: '/api/admin/questions?category=Imported/Primes', headers: editor });
  question = list.json().data[0];
  expect(question.options.map((o) => o.fraction)).toEqual([0.3333333, 0.3333333, 0.3333333, -1]);
  await t.app.inject({ method: 'POST', url: '/api/admin/questions/bulk', headers: editor, payload: { ids: [question.id], action: 'publish' } });
});
afterAll(async () => t.close());

const letters = (options: { id: string; html: string }[], texts: string[]) => options.filter((o) => texts.includes(o.html.replace(/<[^>]*>/g, '').trim())).map((o) => o.id);

const mistakes = async (auth: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/practice/mistakes', headers: auth })).json().data.total as number;

/** A candidate's timed attempt at a test of the one question, answered with the options named, then submitted. */
async function takeTest(slug: string, chosen: string[]) {
  const { auth } = await signedInUser(t.app, t.db);
  const started = await t.app.inject({ method: 'POST', url: `/api/tests/${slug}/attempts`, headers: auth });
  const attempt = started.json().data as Attempt;
  const optionIds = letters(attempt.questions[0]!.options, chosen);
  expect(optionIds).toHaveLength(chosen.length);
  const saved = await t.app.inject({ method: 'PUT', url: `/api/attempts/${attempt.id}/answers/${question.id}`, headers: auth, payload: { optionIds, markedForReview: false, seq: 1 } });
  expect(saved.statusCode).toBe(200);
  const submitted = await t.app.inject({ method: 'POST', url: `/api/attempts/${attempt.id}/submit`, headers: auth });
  const result = submitted.json().data as AttemptResult;
  const review = (await t.app.inject({ method: 'GET', url: `/api/attempts/${attempt.id}/review`, headers: auth })).json().data.questions as ReviewQuestion[];
  await t.jobs.drain();
  return { auth, result, review: review[0]! };
}

describe('an imported question whose right options are 33.33333% each', () => {
  it('is right in a timed attempt when all three are chosen: counted correct, isCorrect, not on the mistakes shelf', async () => {
    const test = await makeTest(t.db, { sections: [{ questionIds: [question.id], marks: 2, negativeMarks: 0.5 }] });
    const all = await takeTest(test.slug, RIGHT);
    expect(all.result).toMatchObject({ score: 2, maxScore: 2, correct: 1, partial: 0, wrong: 0, accuracy: 100 });
    expect(all.review).toMatchObject({ outcome: 'correct', isCorrect: true, mark: 2, shareCorrect: 1 });
    expect(await mistakes(all.auth)).toBe(0);

    // Two of the three are partly right, and put the question on the shelf.
    const two = await takeTest(test.slug, RIGHT.slice(0, 2));
    expect(two.result).toMatchObject({ score: 1.3333, correct: 0, partial: 1 });
    expect(two.review).toMatchObject({ outcome: 'partial', isCorrect: false, shareCorrect: 0.5 });
    expect(await mistakes(two.auth)).toBe(1);
  });

  it('is right in practice when all three are chosen: correct feedback, counted in the session, not on the mistakes shelf', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const started = await t.app.inject({ method: 'POST', url: '/api/practice/sessions', headers: auth, payload: { source: 'bank', count: 5, questionIds: [question.id] } });
    expect(started.statusCode).toBe(201);
    const session = started.json().data as PracticeSession;
    const optionIds = letters(session.questions[0]!.options, RIGHT);
    const answered = await t.app.inject({ method: 'POST', url: `/api/practice/sessions/${session.id}/answers`, headers: auth, payload: { questionId: question.id, optionIds } });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data as PracticeFeedback).toMatchObject({ isCorrect: true, outcome: 'correct' });
    const after = (await t.app.inject({ method: 'GET', url: `/api/practice/sessions/${session.id}`, headers: auth })).json().data as PracticeSession;
    expect(after).toMatchObject({ status: 'submitted', correct: 1, answered: 1 });
    expect(await mistakes(auth)).toBe(0);
  });
});
