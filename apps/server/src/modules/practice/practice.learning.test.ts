import { describe, expect, it } from 'vitest';
import { makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { makeQuestion, makeQuestions, rightOf, usePracticeApp, wrongOf, type SessionQuestion } from '../../../test/practice-factories.js';
import { recordOutcomes } from './mistakes.service.js';

const DAY = 24 * 60 * 60 * 1000;
const api = usePracticeApp();
const { clock, call, start, answer } = api;

describe('sessions from mistakes, bookmarks and a list of questions', () => {
  it('practise my mistakes serves the due ones first, and a right answer moves a card on', async () => {
    const { user, auth } = await signedInUser(api.t.app, api.t.db);
    const [older, newer, right] = await makeQuestions(api.t.db, 3, { categoryPath: 'Mistakes/A' });
    await recordOutcomes({ db: api.t.db }, user.id, [{ questionId: older!, outcome: 'wrong' }], clock.now() - 3 * DAY);
    await recordOutcomes({ db: api.t.db }, user.id, [{ questionId: newer!, outcome: 'wrong' }], clock.now());
    expect((await call('GET', '/api/practice/mistakes', auth)).json().data).toMatchObject({ due: 1, later: 1, total: 2 });
    const session = await start(auth, { source: 'mistakes', count: 10 });
    expect(session).toMatchObject({ source: 'mistakes', label: 'My mistakes' });
    expect(session.questions.map((q) => q.questionId)).toEqual([older, newer]);
    expect(session.questions.map((q) => q.questionId)).not.toContain(right);

    await answer(auth, session.id, older!, [rightOf(session.questions[0]!)]);
    expect((await call('GET', '/api/practice/mistakes', auth)).json().data).toMatchObject({ due: 0, later: 2, total: 2 });
    expect((await start(auth, { source: 'mistakes', count: 10 })).questions.map((q) => q.questionId)).toEqual([newer, older]);
  });

  it('practise my bookmarks serves the bookmarked questions, recently answered ones last', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    const [a, b, c] = await makeQuestions(api.t.db, 3, { categoryPath: 'Marks/A' });
    for (const id of [a, b, c]) {
      clock.advance(1000);
      await call('PUT', `/api/bookmarks/${id}`, auth);
    }
    const first = await start(auth, { source: 'bookmarks', count: 5 });
    expect(first.label).toBe('My bookmarks');
    expect(first.questions.map((q) => q.questionId)).toEqual([c, b, a]);
    expect(first.questions.every((q) => q.bookmarked)).toBe(true);
    await answer(auth, first.id, c!, [rightOf(first.questions[0]!)]);
    expect((await start(auth, { source: 'bookmarks', count: 5 })).questions.map((q) => q.questionId)).toEqual([b, a, c]);
  });

  it('re-attempts a given list of questions in its order, leaving out what is no longer published', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    const [a, b] = await makeQuestions(api.t.db, 2, { categoryPath: 'Again/A' });
    const draft = await makeQuestion(api.t.db, { draft: true });
    const session = await start(auth, { source: 'mistakes', count: 5, questionIds: [b, draft, 'gone', a] });
    expect(session.questions.map((q) => q.questionId)).toEqual([b, a]);
    expect(session.label).toBe('Wrong answers to try again');
  });

  it('shows a bookmark made during the session', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    await makeQuestions(api.t.db, 5, { categoryPath: 'Flag/A' });
    const session = await start(auth, { source: 'bank', category: 'Flag', count: 5 });
    await call('PUT', `/api/bookmarks/${session.questions[1]!.questionId}`, auth);
    const view = (await call('GET', `/api/practice/sessions/${session.id}`, auth)).json().data;
    expect(view.questions.map((q: SessionQuestion) => q.bookmarked)).toEqual([false, true, false, false, false]);
  });
});

describe('mock tests feed the mistakes shelf and show bookmarks', () => {
  it('schedules a submitted test\'s wrong answers, not its right or unanswered ones, and marks bookmarks in its review', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    const ids = await makeQuestions(api.t.db, 4, { categoryPath: 'Timed/A' });
    const test = await makeTest(api.t.db, { sections: [{ questionIds: ids }] });
    const on = { ...auth, 'x-device-id': 'phone' };
    const started = await call('POST', `/api/tests/${test.slug}/attempts`, on);
    expect(started.statusCode).toBe(201);
    const attempt = started.json().data as { id: string; questions: SessionQuestion[] };
    const [right, wrong, partlyHidden] = attempt.questions;
    let seq = 0;
    const save = (q: SessionQuestion, optionIds: string[]) =>
      call('PUT', `/api/attempts/${attempt.id}/answers/${q.questionId}`, on, { optionIds, markedForReview: false, seq: (seq += 1) });
    expect((await save(right!, [rightOf(right!)])).statusCode).toBe(200);
    expect((await save(wrong!, [wrongOf(wrong!)])).statusCode).toBe(200);
    await call('PUT', `/api/bookmarks/${partlyHidden!.questionId}`, auth);
    expect((await call('POST', `/api/attempts/${attempt.id}/submit`, on)).statusCode).toBe(200);

    await expect.poll(async () => (await call('GET', '/api/practice/mistakes', auth)).json().data.total).toBe(1);
    const mistakes = await start(auth, { source: 'mistakes', count: 5 });
    expect(mistakes.questions.map((q) => q.questionId)).toEqual([wrong!.questionId]);

    const review = await call('GET', `/api/attempts/${attempt.id}/review`, auth);
    expect(review.statusCode).toBe(200);
    const flags = review.json().data.questions.map((q: { questionId: string; bookmarked: boolean }) => [q.questionId, q.bookmarked]);
    expect(flags).toContainEqual([partlyHidden!.questionId, true]);
    expect(flags).toContainEqual([right!.questionId, false]);
  });
});
