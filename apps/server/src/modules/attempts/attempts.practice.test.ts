import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion } from '../../../test/attempt-factories.js';
import { createUser } from '../../../test/factories.js';
import { createTestDb, testClock } from '../../../test/helpers.js';
import type { Db } from '../../db/index.js';
import { answerPractice, listPracticeAttempts, practiceView, startPracticeAttempt } from './attempts.service.js';
import { paperPort } from '../../wiring.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let db: Db;
const clock = testClock();
beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db;
});
afterAll(async () => handle.dispose());

const deps = () => ({ db, clock, papers: paperPort(db) });

async function session(opts: { shuffleOptions?: boolean } = {}) {
  const user = await createUser(db);
  const single = await makeQuestion(db, { key: [2], optionCount: 5 });
  const multiple = await makeQuestion(db, { key: [0, 3], optionCount: 4 });
  const truth = await makeQuestion(db, { type: 'truefalse', key: [1] });
  const id = await startPracticeAttempt(deps(), { userId: user.id, source: 'bank', label: 'Percentages', questionIds: [single.id, multiple.id, truth.id], shuffleOptions: opts.shuffleOptions ?? true });
  return { user, id, single, multiple, truth };
}

/** The letters under which the bank's correct options are shown in this session. */
async function keyLetters(attemptId: string, userId: string, question: { id: string; options: { textHtml: string; correct: boolean }[] }) {
  const view = await practiceView(deps(), attemptId, userId);
  const shown = view.questions.find((q) => q.questionId === question.id)!;
  const correctHtml = new Set(question.options.filter((o) => o.correct).map((o) => o.textHtml));
  return shown.options.filter((o) => correctHtml.has(o.html)).map((o) => o.id);
}

describe('practice sessions', () => {
  it('shows questions without keys or explanations until they are answered', async () => {
    const { user, id } = await session();
    const view = await practiceView(deps(), id, user.id);
    expect(view).toMatchObject({ id, source: 'bank', label: 'Percentages', status: 'open', position: 0, correct: 0, answered: 0 });
    expect(view.questions.map((q) => q.number)).toEqual([1, 2, 3]);
    expect(view.questions.every((q) => q.feedback === null)).toBe(true);
    const text = JSON.stringify(view);
    expect(text).not.toMatch(/fraction|"correct":(true|false)|explanation|Because of reason/i);
  });

  it('marks each answer, shows the key and the explanation, keeps the first answer, and finishes when all are answered', async () => {
    const { user, id, single, multiple, truth } = await session();
    const singleKey = await keyLetters(id, user.id, single);
    const wrongLetter = (['A', 'B', 'C', 'D', 'E'] as const).find((l) => !singleKey.includes(l))!;

    const wrong = await answerPractice(deps(), id, user.id, single.id, [wrongLetter]);
    expect(wrong).toMatchObject({ questionId: single.id, optionIds: [wrongLetter], correctOptionIds: singleKey, isCorrect: false, outcome: 'wrong', newlyAnswered: true });
    expect(wrong.explanationHtml).toContain('Because of reason');

    // A retry (or a second answer) changes nothing and answers the first feedback.
    const again = await answerPractice(deps(), id, user.id, single.id, singleKey);
    expect(again).toMatchObject({ optionIds: [wrongLetter], isCorrect: false, newlyAnswered: false });

    const multipleKey = await keyLetters(id, user.id, multiple);
    expect(await answerPractice(deps(), id, user.id, multiple.id, [multipleKey[0]!])).toMatchObject({ outcome: 'partial', isCorrect: false });
    let view = await practiceView(deps(), id, user.id);
    expect(view).toMatchObject({ status: 'open', position: 2, answered: 2, correct: 0 });

    const truthKey = await keyLetters(id, user.id, truth);
    expect(await answerPractice(deps(), id, user.id, truth.id, truthKey)).toMatchObject({ outcome: 'correct', isCorrect: true, correctOptionIds: truthKey });
    view = await practiceView(deps(), id, user.id);
    expect(view).toMatchObject({ status: 'submitted', position: 3, answered: 3, correct: 1 });
    expect(view.questions[0]!.feedback).toMatchObject({ outcome: 'wrong' });

    const row = await db.selectFrom('attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'submitted', correct: 1, wrong: 1, partial: 1, unattempted: 0, max_score: 3, score: 1.5 });
  });

  it('lists the candidate’s sessions, newest first, with progress', async () => {
    const { user, id, single } = await session();
    clock.advance(1000);
    const second = await startPracticeAttempt(deps(), { userId: user.id, source: 'mistakes', label: 'My mistakes', questionIds: [single.id], shuffleOptions: false });
    await answerPractice(deps(), id, user.id, single.id, ['A']);
    const list = await listPracticeAttempts(deps(), user.id);
    expect(list.map((s) => s.id)).toEqual([second, id]);
    expect(list[1]).toMatchObject({ source: 'bank', label: 'Percentages', status: 'open', questionCount: 3, answered: 1, position: 1 });
    expect(list[0]).toMatchObject({ source: 'mistakes', questionCount: 1, answered: 0, position: 0 });
  });

  it('keeps the bank order when the session does not shuffle', async () => {
    const { user, id } = await session({ shuffleOptions: false });
    const view = await practiceView(deps(), id, user.id);
    expect(view.questions[0]!.options.map((o) => o.html)).toEqual(view.questions[0]!.options.map((_, i) => expect.stringContaining(`Option ${i + 1} `)));
  });

  it('refuses another candidate’s session, a question not in it and an option it does not show', async () => {
    const { user, id, single, truth } = await session();
    const other = await createUser(db);
    await expect(practiceView(deps(), id, other.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(answerPractice(deps(), id, other.id, single.id, ['A'])).rejects.toMatchObject({ statusCode: 404 });
    const stranger = await makeQuestion(db);
    await expect(answerPractice(deps(), id, user.id, stranger.id, ['A'])).rejects.toMatchObject({ statusCode: 404 });
    await expect(answerPractice(deps(), id, user.id, truth.id, ['C'])).rejects.toMatchObject({ statusCode: 400 });
    await expect(answerPractice(deps(), id, user.id, single.id, ['A', 'B'])).rejects.toMatchObject({ statusCode: 400 });
    await expect(answerPractice(deps(), id, user.id, single.id, [])).rejects.toMatchObject({ statusCode: 400 });
    expect(await db.selectFrom('attempt_answers').select('question_id').where('attempt_id', '=', id).execute()).toEqual([]);
    await expect(startPracticeAttempt(deps(), { userId: user.id, source: 'bank', label: 'x', questionIds: ['nope'], shuffleOptions: true })).rejects.toMatchObject({ statusCode: 400 });
  });
});
