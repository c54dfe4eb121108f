import { describe, expect, it } from 'vitest';
import { makeTopic } from '../../../test/content-factories.js';
import { signedInUser, signIn } from '../../../test/factories.js';
import { makeQuestion, makeQuestions, rightOf, usePracticeApp, wrongOf } from '../../../test/practice-factories.js';

const DAY = 24 * 60 * 60 * 1000;
const api = usePracticeApp();
const { clock, call, start, answer } = api;
const attemptRows = async () => (await api.t.db.selectFrom('attempts').select('id').execute()).length;

describe('practice sessions from the bank', () => {
  it('serve the category asked for, without answers or explanations before each answer', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    const ids = await makeQuestions(api.t.db, 6, { categoryPath: 'Bank/Quant', explanation: 'Secret explanation text.' });
    await makeQuestions(api.t.db, 3, { categoryPath: 'Bank/Other' });
    const res = await call('POST', '/api/practice/sessions', auth, { source: 'bank', category: 'Bank/Quant', count: 5 });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('Secret explanation');
    expect(res.body).not.toMatch(/correctOptionIds|isCorrect|fraction|"correct"\s*:\s*(true|false)/);
    const session = res.json().data;
    expect(session).toMatchObject({ source: 'bank', label: 'Bank › Quant · Mixed difficulty', status: 'open', position: 0, answered: 0, correct: 0 });
    expect(session.questions).toHaveLength(5);
    for (const q of session.questions) {
      expect(ids).toContain(q.questionId);
      expect(q).toMatchObject({ feedback: null, bookmarked: false });
    }
  });

  it('splits a difficulty mix evenly, and makes up a level the bank is short of from the others', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    const easy = await makeQuestions(api.t.db, 6, { categoryPath: 'Mix/A', difficulty: 'easy' });
    const hard = await makeQuestions(api.t.db, 6, { categoryPath: 'Mix/A', difficulty: 'hard' });
    await makeQuestions(api.t.db, 6, { categoryPath: 'Mix/A', difficulty: 'medium' });
    const even = await start(auth, { source: 'bank', category: 'Mix', difficulties: ['easy', 'hard'], count: 6 });
    const ids = even.questions.map((q) => q.questionId);
    expect(ids.filter((id) => easy.includes(id))).toHaveLength(3);
    expect(ids.filter((id) => hard.includes(id))).toHaveLength(3);
    expect(even.label).toBe('Mix · Easy and Hard');

    const hardOnly = await makeQuestions(api.t.db, 2, { categoryPath: 'Short/A', difficulty: 'hard' });
    const easyMany = await makeQuestions(api.t.db, 8, { categoryPath: 'Short/A', difficulty: 'easy' });
    const short = await start(auth, { source: 'bank', category: 'Short', difficulties: ['easy', 'hard'], count: 8 });
    const got = short.questions.map((q) => q.questionId);
    expect(got.filter((id) => hardOnly.includes(id))).toHaveLength(2);
    expect(got.filter((id) => easyMany.includes(id))).toHaveLength(6);

    const one = await start(auth, { source: 'bank', category: 'Mix', difficulty: 'hard', count: 5 });
    expect(one.questions.every((q) => hard.includes(q.questionId))).toBe(true);
    expect(one.label).toBe('Mix · Hard');
  });

  it('serves questions answered in the last 14 days only when no unseen ones remain', async () => {
    const { user, auth } = await signedInUser(api.t.app, api.t.db);
    const all = await makeQuestions(api.t.db, 8, { categoryPath: 'Seen/A' });
    const first = await start(auth, { source: 'bank', category: 'Seen', count: 5 });
    for (const q of first.questions) expect((await answer(auth, first.id, q.questionId, [rightOf(q)])).statusCode).toBe(200);
    const answered = first.questions.map((q) => q.questionId);
    const unseen = all.filter((id) => !answered.includes(id));

    const second = await start(auth, { source: 'bank', category: 'Seen', count: 5 });
    const served = second.questions.map((q) => q.questionId);
    expect(served).toHaveLength(5);
    expect(served).toEqual(expect.arrayContaining(unseen));

    // Fifteen days on, every question counts as unseen again.
    clock.advance(15 * DAY);
    const fresh = { authorization: `Bearer ${await signIn(api.t.app, user.email)}` };
    const later = await start(fresh, { source: 'bank', category: 'Seen', count: 8 });
    expect(later.questions.map((q) => q.questionId).sort()).toEqual([...all].sort());
  });

  it('serves a learning topic, named in the label', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    const topic = await makeTopic(api.t.db, { title: 'Trains and platforms' });
    const ids = await makeQuestions(api.t.db, 5, { topicId: topic.id });
    const session = await start(auth, { source: 'bank', topic: topic.slug, count: 10 });
    expect(session.questions.map((q) => q.questionId).sort()).toEqual([...ids].sort());
    expect(session.label).toBe('Trains and platforms · Mixed difficulty');
  });

  it('answers 409 with a clear message when nothing matches, writing nothing', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    await makeQuestion(api.t.db, { categoryPath: 'Drafts/Only', draft: true });
    const before = await attemptRows();
    const cases: [object, string][] = [
      [{ source: 'bank', category: 'Nowhere/At all', count: 5 }, 'No published questions match this choice yet'],
      [{ source: 'bank', category: 'Drafts', count: 5 }, 'No published questions match this choice yet'],
      [{ source: 'bank', topic: 'no-such-topic', count: 5 }, 'No published questions match this choice yet'],
      [{ source: 'mistakes', count: 5 }, 'You have no mistakes to practise yet'],
      [{ source: 'bookmarks', count: 5 }, 'You have no bookmarked questions yet'],
      [{ source: 'mistakes', count: 5, questionIds: ['gone-1', 'gone-2'] }, 'None of these questions can be practised'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/practice/sessions', auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: expect.stringContaining(message) });
    }
    expect(await attemptRows()).toBe(before);
  });

  it('refuses malformed and hostile requests with 400, writing nothing', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    await makeQuestions(api.t.db, 5, { categoryPath: 'Hostile/A' });
    const before = await attemptRows();
    const bodies: unknown[] = [
      {},
      { source: 'bank' },
      { source: 'bank', count: 4 },
      { source: 'bank', count: 51 },
      { source: 'bank', count: 5.5 },
      { source: 'bank', count: '10' },
      { source: 'everything', count: 10 },
      { source: 'bank', count: 10, extra: true },
      { source: 'bank', count: 10, difficulty: 'easy', difficulties: ['hard'] },
      { source: 'bank', count: 10, difficulties: [] },
      { source: 'bank', count: 10, difficulties: ['easy', 'easy'] },
      { source: 'bank', count: 10, difficulties: ['impossible'] },
      { source: 'bank', count: 10, category: 'Hostile\u0000' },
      { source: 'bank', count: 10, category: 'x'.repeat(501) },
      { source: 'bank', count: 10, topic: { $ne: null } },
      { source: 'bank', count: 10, questionIds: 'all' },
      { source: 'bank', count: 10, questionIds: Array.from({ length: 51 }, (_, i) => `q${i}`) },
      [],
      'bank',
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api/practice/sessions', { ...auth, 'content-type': 'application/json' }, JSON.stringify(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    const malformed = await call('POST', '/api/practice/sessions', { ...auth, 'content-type': 'application/json' }, '{"source": "bank",');
    expect(malformed.statusCode).toBe(400);
    expect(await attemptRows()).toBe(before);
  });
});

describe('answering', () => {
  it('gives feedback, schedules a wrong answer on the mistakes shelf, and keeps the first answer', async () => {
    const { user, auth } = await signedInUser(api.t.app, api.t.db);
    const topic = await makeTopic(api.t.db, { title: 'Percent change' });
    await makeQuestions(api.t.db, 5, { categoryPath: 'Answer/A', topicId: topic.id, explanation: 'Work it out step by step.' });
    const session = await start(auth, { source: 'bank', category: 'Answer', count: 5 });
    const [q1, q2] = session.questions;

    const right = await answer(auth, session.id, q1!.questionId, [rightOf(q1!)]);
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toEqual({
      questionId: q1!.questionId,
      optionIds: [rightOf(q1!)],
      correctOptionIds: [rightOf(q1!)],
      isCorrect: true,
      outcome: 'correct',
      explanationHtml: expect.stringContaining('Work it out step by step.'),
      translation: null,
      topic: { slug: topic.slug, title: 'Percent change' },
    });
    expect((await call('GET', '/api/practice/mistakes', auth)).json().data.total).toBe(0);

    const wrong = await answer(auth, session.id, q2!.questionId, [wrongOf(q2!)]);
    expect(wrong.json().data).toMatchObject({ isCorrect: false, outcome: 'wrong', optionIds: [wrongOf(q2!)], correctOptionIds: [rightOf(q2!)] });
    expect((await call('GET', '/api/practice/mistakes', auth)).json().data).toMatchObject({ total: 1, later: 1 });
    const card = () => api.t.db.selectFrom('review_cards').selectAll().where('user_id', '=', user.id).where('question_id', '=', q2!.questionId).executeTakeFirstOrThrow();
    const scheduled = await card();

    // Answering again changes nothing: the first answer stands, the card is not scheduled twice.
    clock.advance(2 * DAY);
    const again = await answer(auth, session.id, q2!.questionId, [rightOf(q2!)]);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ isCorrect: false, optionIds: [wrongOf(q2!)] });
    expect(await card()).toEqual(scheduled);

    const resumed = (await call('GET', `/api/practice/sessions/${session.id}`, auth)).json().data;
    expect(resumed).toMatchObject({ position: 2, answered: 2, correct: 1, status: 'open' });
    expect(resumed.questions[0].feedback).toMatchObject({ isCorrect: true });
    expect(resumed.questions[2].feedback).toBeNull();
  });

  it('finishes the session when every question is answered, then refuses nothing new', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    await makeQuestions(api.t.db, 5, { categoryPath: 'Finish/A' });
    const session = await start(auth, { source: 'bank', category: 'Finish', count: 5 });
    for (const q of session.questions) await answer(auth, session.id, q.questionId, [rightOf(q)]);
    const done = (await call('GET', `/api/practice/sessions/${session.id}`, auth)).json().data;
    expect(done).toMatchObject({ status: 'submitted', position: 5, answered: 5, correct: 5 });
    const list = (await call('GET', '/api/practice/sessions', auth)).json().data;
    expect(list[0]).toMatchObject({ id: session.id, status: 'submitted', questionCount: 5, answered: 5, correct: 5 });
  });

  it('lists sessions newest first, an open one with where it stopped', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    await makeQuestions(api.t.db, 5, { categoryPath: 'List/A' });
    const older = await start(auth, { source: 'bank', category: 'List', count: 5 });
    clock.advance(1000);
    const newer = await start(auth, { source: 'bank', category: 'List', count: 5 });
    await answer(auth, newer.id, newer.questions[0]!.questionId, [wrongOf(newer.questions[0]!)]);
    const res = await call('GET', '/api/practice/sessions', auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data.map((s: { id: string }) => s.id)).toEqual([newer.id, older.id]);
    expect(res.json().data[0]).toMatchObject({ status: 'open', position: 1, answered: 1, correct: 0, questionCount: 5, label: 'List · Mixed difficulty' });
  });

  it('keeps each candidate\'s sessions their own: another\'s is 404, and nothing is written', async () => {
    const owner = await signedInUser(api.t.app, api.t.db);
    const other = await signedInUser(api.t.app, api.t.db);
    await makeQuestions(api.t.db, 5, { categoryPath: 'Own/A' });
    const session = await start(owner.auth, { source: 'bank', category: 'Own', count: 5 });
    const q = session.questions[0]!;
    expect((await call('GET', `/api/practice/sessions/${session.id}`, other.auth)).statusCode).toBe(404);
    const res = await answer(other.auth, session.id, q.questionId, [rightOf(q)]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Practice session not found' });
    expect((await call('GET', '/api/practice/sessions', other.auth)).json().data).toEqual([]);
    expect((await call('GET', `/api/practice/sessions/${session.id}`, owner.auth)).json().data.answered).toBe(0);
    expect((await call('GET', '/api/practice/sessions/no-such-session', owner.auth)).statusCode).toBe(404);
    expect((await call('GET', `/api/practice/sessions/${session.id}`)).statusCode).toBe(401);
  });

  it('refuses an unknown question or option and a malformed answer with a clear 4xx, writing nothing', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    await makeQuestions(api.t.db, 5, { categoryPath: 'BadAnswer/A' });
    const outside = await makeQuestion(api.t.db, { categoryPath: 'Elsewhere' });
    const session = await start(auth, { source: 'bank', category: 'BadAnswer', count: 5 });
    const q = session.questions[0]!;
    const cases: [unknown, number][] = [
      [{ questionId: outside, optionIds: ['A'] }, 404],
      [{ questionId: 'no-such-question', optionIds: ['A'] }, 404],
      [{ questionId: q.questionId, optionIds: ['F'] }, 400],
      [{ questionId: q.questionId, optionIds: ['Z'] }, 400],
      [{ questionId: q.questionId, optionIds: [] }, 400],
      [{ questionId: q.questionId, optionIds: ['A', 'A'] }, 400],
      [{ questionId: q.questionId, optionIds: 'A' }, 400],
      [{ questionId: q.questionId }, 400],
      [{ questionId: `${q.questionId}\u0000`, optionIds: ['A'] }, 400],
      [{ questionId: q.questionId, optionIds: ['A'], extra: 1 }, 400],
      [{ questionId: q.questionId, optionIds: ['A', 'B'] }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await call('POST', `/api/practice/sessions/${session.id}/answers`, { ...auth, 'content-type': 'application/json' }, JSON.stringify(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ statusCode: status, code: expect.any(String), message: expect.any(String) });
    }
    expect((await call('GET', `/api/practice/sessions/${session.id}`, auth)).json().data.answered).toBe(0);
    expect(await api.t.db.selectFrom('review_cards').select('question_id').where('question_id', '=', q.questionId).execute()).toEqual([]);
  });
});
