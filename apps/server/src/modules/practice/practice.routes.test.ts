import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTest } from '../../../test/attempt-factories.js';
import { makeTopic } from '../../../test/content-factories.js';
import { signedInUser, signIn } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { makeQuestion, makeQuestions } from '../../../test/practice-factories.js';
import { recordOutcomes } from './practice.service.js';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(Date.parse('2026-03-02T04:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const bookmarkCount = async () => (await t.db.selectFrom('bookmarks').select('question_id').execute()).length;

describe('bookmarks', () => {
  it('need a sign-in', async () => {
    const q = await makeQuestion(t.db);
    expect((await call('GET', '/api/bookmarks')).statusCode).toBe(401);
    expect((await call('PUT', `/api/bookmarks/${q}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/bookmarks/${q}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/practice/mistakes')).statusCode).toBe(401);
  });

  it('are put and deleted idempotently and listed with their stems, each candidate their own', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const other = await signedInUser(t.app, t.db);
    const [a, b] = await makeQuestions(t.db, 2, { categoryPath: 'Banking/Reasoning' });
    for (let i = 0; i < 2; i += 1) {
      const put = await call('PUT', `/api/bookmarks/${a}`, auth);
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ data: { questionId: a, bookmarked: true } });
    }
    clock.advance(1000);
    await call('PUT', `/api/bookmarks/${b}`, auth);
    const list = await call('GET', '/api/bookmarks', auth);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().data.map((x: { questionId: string }) => x.questionId)).toEqual([b, a]);
    expect(list.json().data[0]).toMatchObject({ categoryPath: 'Banking/Reasoning', stemHtml: expect.stringContaining('Practice question') });
    expect((await call('GET', '/api/bookmarks', other.auth)).json().data).toEqual([]);

    for (let i = 0; i < 2; i += 1) {
      const del = await call('DELETE', `/api/bookmarks/${a}`, auth);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ data: { questionId: a, bookmarked: false } });
    }
    expect((await call('GET', '/api/bookmarks', auth)).json().data.map((x: { questionId: string }) => x.questionId)).toEqual([b]);
  });

  it('refuse an unknown or unpublished question with 404, writing nothing', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const draft = await makeQuestion(t.db, { draft: true });
    const before = await bookmarkCount();
    for (const id of ['no-such-question', draft, '%00', 'a%00b', 'x'.repeat(64)]) {
      const res = await call('PUT', `/api/bookmarks/${id}`, auth);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Question not found' });
    }
    expect((await call('DELETE', '/api/bookmarks/no-such-question', auth)).statusCode).toBe(404);
    const long = await call('PUT', `/api/bookmarks/${'x'.repeat(65)}`, auth);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    // Not UTF-8 at all: the router refuses it before the route.
    const broken = await call('PUT', '/api/bookmarks/%F0%9F', auth);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ statusCode: 400, code: expect.any(String), message: expect.any(String) });
    expect(await bookmarkCount()).toBe(before);
  });
});

describe('the mistakes shelf', () => {
  it('counts the candidate\'s own cards', async () => {
    const { user, auth } = await signedInUser(t.app, t.db);
    const other = await signedInUser(t.app, t.db);
    const [a, b] = await makeQuestions(t.db, 2);
    await recordOutcomes({ db: t.db }, user.id, [{ questionId: a!, outcome: 'wrong' }], clock.now() - 2 * DAY);
    await recordOutcomes({ db: t.db }, user.id, [{ questionId: b!, outcome: 'wrong' }], clock.now());
    const res = await call('GET', '/api/practice/mistakes', auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { due: 1, later: 1, mastered: 0, total: 2, nextDueAt: new Date(clock.now() + DAY).toISOString() } });
    expect((await call('GET', '/api/practice/mistakes', other.auth)).json().data).toMatchObject({ total: 0 });
  });
});

describe('what there is to practise', () => {
  it('counts published questions by category (parents include their sub-categories) and by published topic, for anyone', async () => {
    const topic = await makeTopic(t.db, { title: 'Choices: time and work' });
    const draftTopic = await makeTopic(t.db, { title: 'Choices: unfinished', draft: true });
    await makeQuestions(t.db, 2, { categoryPath: 'Choices/Quant', topicId: topic.id });
    await makeQuestions(t.db, 1, { categoryPath: 'Choices/Reasoning', topicId: draftTopic.id });
    await makeQuestion(t.db, { categoryPath: 'Choices/Hidden', draft: true });
    const res = await call('GET', '/api/practice/choices');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const mine = data.categories.filter((c: { path: string }) => c.path.startsWith('Choices'));
    expect(mine).toEqual([
      { path: 'Choices', count: 3 },
      { path: 'Choices/Quant', count: 2 },
      { path: 'Choices/Reasoning', count: 1 },
    ]);
    expect(data.topics.filter((x: { title: string }) => x.title.startsWith('Choices'))).toEqual([{ slug: topic.slug, title: topic.title, count: 2 }]);
    const published = await t.db.selectFrom('questions').select('id').where('status', '=', 'published').execute();
    expect(data.total).toBe(published.length);
  });
});

// ---------------------------------------------------------------------------------------------
// Sessions

type Option = { id: string; html: string };
type SessionQuestion = { questionId: string; type: string; stemHtml: string; options: Option[]; feedback: unknown; bookmarked: boolean };
const text = (html: string) => html.replace(/<[^>]+>/g, '').trim();
/** The option letter showing "Right" (the factory's correct option) or another one. */
const rightOf = (q: SessionQuestion) => q.options.find((o) => text(o.html) === 'Right')!.id;
const wrongOf = (q: SessionQuestion) => q.options.find((o) => text(o.html) !== 'Right')!.id;
const attemptRows = async () => (await t.db.selectFrom('attempts').select('id').execute()).length;

async function start(auth: Headers, body: object) {
  const res = await call('POST', '/api/practice/sessions', auth, body);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; label: string; source: string; status: string; position: number; answered: number; correct: number; questions: SessionQuestion[] };
}
const answer = (auth: Headers, sessionId: string, questionId: string, optionIds: string[]) =>
  call('POST', `/api/practice/sessions/${sessionId}/answers`, auth, { questionId, optionIds });

describe('practice sessions from the bank', () => {
  it('serve the category asked for, without answers or explanations before each answer', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const ids = await makeQuestions(t.db, 6, { categoryPath: 'Bank/Quant', explanation: 'Secret explanation text.' });
    await makeQuestions(t.db, 3, { categoryPath: 'Bank/Other' });
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
    const { auth } = await signedInUser(t.app, t.db);
    const easy = await makeQuestions(t.db, 6, { categoryPath: 'Mix/A', difficulty: 'easy' });
    const hard = await makeQuestions(t.db, 6, { categoryPath: 'Mix/A', difficulty: 'hard' });
    await makeQuestions(t.db, 6, { categoryPath: 'Mix/A', difficulty: 'medium' });
    const even = await start(auth, { source: 'bank', category: 'Mix', difficulties: ['easy', 'hard'], count: 6 });
    const ids = even.questions.map((q) => q.questionId);
    expect(ids.filter((id) => easy.includes(id))).toHaveLength(3);
    expect(ids.filter((id) => hard.includes(id))).toHaveLength(3);
    expect(even.label).toBe('Mix · Easy and Hard');

    const hardOnly = await makeQuestions(t.db, 2, { categoryPath: 'Short/A', difficulty: 'hard' });
    const easyMany = await makeQuestions(t.db, 8, { categoryPath: 'Short/A', difficulty: 'easy' });
    const short = await start(auth, { source: 'bank', category: 'Short', difficulties: ['easy', 'hard'], count: 8 });
    const got = short.questions.map((q) => q.questionId);
    expect(got.filter((id) => hardOnly.includes(id))).toHaveLength(2);
    expect(got.filter((id) => easyMany.includes(id))).toHaveLength(6);

    const one = await start(auth, { source: 'bank', category: 'Mix', difficulty: 'hard', count: 5 });
    expect(one.questions.every((q) => hard.includes(q.questionId))).toBe(true);
    expect(one.label).toBe('Mix · Hard');
  });

  it('serves questions answered in the last 14 days only when no unseen ones remain', async () => {
    const { user, auth } = await signedInUser(t.app, t.db);
    const all = await makeQuestions(t.db, 8, { categoryPath: 'Seen/A' });
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
    const fresh = { authorization: `Bearer ${await signIn(t.app, user.email)}` };
    const later = await start(fresh, { source: 'bank', category: 'Seen', count: 8 });
    expect(later.questions.map((q) => q.questionId).sort()).toEqual([...all].sort());
  });

  it('serves a learning topic, named in the label', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const topic = await makeTopic(t.db, { title: 'Trains and platforms' });
    const ids = await makeQuestions(t.db, 5, { topicId: topic.id });
    const session = await start(auth, { source: 'bank', topic: topic.slug, count: 10 });
    expect(session.questions.map((q) => q.questionId).sort()).toEqual([...ids].sort());
    expect(session.label).toBe('Trains and platforms · Mixed difficulty');
  });

  it('answers 409 with a clear message when nothing matches, writing nothing', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    await makeQuestion(t.db, { categoryPath: 'Drafts/Only', draft: true });
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
    const { auth } = await signedInUser(t.app, t.db);
    await makeQuestions(t.db, 5, { categoryPath: 'Hostile/A' });
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
    const { user, auth } = await signedInUser(t.app, t.db);
    const topic = await makeTopic(t.db, { title: 'Percent change' });
    await makeQuestions(t.db, 5, { categoryPath: 'Answer/A', topicId: topic.id, explanation: 'Work it out step by step.' });
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
      topic: { slug: topic.slug, title: 'Percent change' },
    });
    expect((await call('GET', '/api/practice/mistakes', auth)).json().data.total).toBe(0);

    const wrong = await answer(auth, session.id, q2!.questionId, [wrongOf(q2!)]);
    expect(wrong.json().data).toMatchObject({ isCorrect: false, outcome: 'wrong', optionIds: [wrongOf(q2!)], correctOptionIds: [rightOf(q2!)] });
    expect((await call('GET', '/api/practice/mistakes', auth)).json().data).toMatchObject({ total: 1, later: 1 });
    const card = () => t.db.selectFrom('review_cards').selectAll().where('user_id', '=', user.id).where('question_id', '=', q2!.questionId).executeTakeFirstOrThrow();
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
    const { auth } = await signedInUser(t.app, t.db);
    await makeQuestions(t.db, 5, { categoryPath: 'Finish/A' });
    const session = await start(auth, { source: 'bank', category: 'Finish', count: 5 });
    for (const q of session.questions) await answer(auth, session.id, q.questionId, [rightOf(q)]);
    const done = (await call('GET', `/api/practice/sessions/${session.id}`, auth)).json().data;
    expect(done).toMatchObject({ status: 'submitted', position: 5, answered: 5, correct: 5 });
    const list = (await call('GET', '/api/practice/sessions', auth)).json().data;
    expect(list[0]).toMatchObject({ id: session.id, status: 'submitted', questionCount: 5, answered: 5, correct: 5 });
  });

  it('lists sessions newest first, an open one with where it stopped', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    await makeQuestions(t.db, 5, { categoryPath: 'List/A' });
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
    const owner = await signedInUser(t.app, t.db);
    const other = await signedInUser(t.app, t.db);
    await makeQuestions(t.db, 5, { categoryPath: 'Own/A' });
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
    const { auth } = await signedInUser(t.app, t.db);
    await makeQuestions(t.db, 5, { categoryPath: 'BadAnswer/A' });
    const outside = await makeQuestion(t.db, { categoryPath: 'Elsewhere' });
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
    expect(await t.db.selectFrom('review_cards').select('question_id').where('question_id', '=', q.questionId).execute()).toEqual([]);
  });
});

describe('sessions from mistakes, bookmarks and a list of questions', () => {
  it('practise my mistakes serves the due ones first, and a right answer moves a card on', async () => {
    const { user, auth } = await signedInUser(t.app, t.db);
    const [older, newer, right] = await makeQuestions(t.db, 3, { categoryPath: 'Mistakes/A' });
    await recordOutcomes({ db: t.db }, user.id, [{ questionId: older!, outcome: 'wrong' }], clock.now() - 3 * DAY);
    await recordOutcomes({ db: t.db }, user.id, [{ questionId: newer!, outcome: 'wrong' }], clock.now());
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
    const { auth } = await signedInUser(t.app, t.db);
    const [a, b, c] = await makeQuestions(t.db, 3, { categoryPath: 'Marks/A' });
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
    const { auth } = await signedInUser(t.app, t.db);
    const [a, b] = await makeQuestions(t.db, 2, { categoryPath: 'Again/A' });
    const draft = await makeQuestion(t.db, { draft: true });
    const session = await start(auth, { source: 'mistakes', count: 5, questionIds: [b, draft, 'gone', a] });
    expect(session.questions.map((q) => q.questionId)).toEqual([b, a]);
    expect(session.label).toBe('Wrong answers to try again');
  });

  it('shows a bookmark made during the session', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    await makeQuestions(t.db, 5, { categoryPath: 'Flag/A' });
    const session = await start(auth, { source: 'bank', category: 'Flag', count: 5 });
    await call('PUT', `/api/bookmarks/${session.questions[1]!.questionId}`, auth);
    const view = (await call('GET', `/api/practice/sessions/${session.id}`, auth)).json().data;
    expect(view.questions.map((q: SessionQuestion) => q.bookmarked)).toEqual([false, true, false, false, false]);
  });
});

describe('mock tests feed the mistakes shelf and show bookmarks', () => {
  it('schedules a submitted test\'s wrong answers, not its right or unanswered ones, and marks bookmarks in its review', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const ids = await makeQuestions(t.db, 4, { categoryPath: 'Timed/A' });
    const test = await makeTest(t.db, { sections: [{ questionIds: ids }] });
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
