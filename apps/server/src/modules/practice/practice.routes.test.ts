import { describe, expect, it } from 'vitest';
import { makeTopic } from '../../../test/content-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { makeQuestion, makeQuestions, usePracticeApp } from '../../../test/practice-factories.js';
import { recordOutcomes } from './mistakes.service.js';

const DAY = 24 * 60 * 60 * 1000;
const api = usePracticeApp();
const { clock, call } = api;
const bookmarkCount = async () => (await api.t.db.selectFrom('bookmarks').select('question_id').execute()).length;

describe('bookmarks', () => {
  it('need a sign-in', async () => {
    const q = await makeQuestion(api.t.db);
    expect((await call('GET', '/api/bookmarks')).statusCode).toBe(401);
    expect((await call('PUT', `/api/bookmarks/${q}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/bookmarks/${q}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/practice/mistakes')).statusCode).toBe(401);
  });

  it('are put and deleted idempotently and listed with their stems, each candidate their own', async () => {
    const { auth } = await signedInUser(api.t.app, api.t.db);
    const other = await signedInUser(api.t.app, api.t.db);
    const [a, b] = await makeQuestions(api.t.db, 2, { categoryPath: 'Banking/Reasoning' });
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
    const { auth } = await signedInUser(api.t.app, api.t.db);
    const draft = await makeQuestion(api.t.db, { draft: true });
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
    const { user, auth } = await signedInUser(api.t.app, api.t.db);
    const other = await signedInUser(api.t.app, api.t.db);
    const [a, b] = await makeQuestions(api.t.db, 2);
    await recordOutcomes({ db: api.t.db }, user.id, [{ questionId: a!, outcome: 'wrong' }], clock.now() - 2 * DAY);
    await recordOutcomes({ db: api.t.db }, user.id, [{ questionId: b!, outcome: 'wrong' }], clock.now());
    const res = await call('GET', '/api/practice/mistakes', auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { due: 1, later: 1, mastered: 0, total: 2, nextDueAt: new Date(clock.now() + DAY).toISOString() } });
    expect((await call('GET', '/api/practice/mistakes', other.auth)).json().data).toMatchObject({ total: 0 });
  });
});

describe('what there is to practise', () => {
  it('counts published questions by category (parents include their sub-categories) and by published topic, for anyone', async () => {
    const topic = await makeTopic(api.t.db, { title: 'Choices: time and work' });
    const draftTopic = await makeTopic(api.t.db, { title: 'Choices: unfinished', draft: true });
    await makeQuestions(api.t.db, 2, { categoryPath: 'Choices/Quant', topicId: topic.id });
    await makeQuestions(api.t.db, 1, { categoryPath: 'Choices/Reasoning', topicId: draftTopic.id });
    await makeQuestion(api.t.db, { categoryPath: 'Choices/Hidden', draft: true });
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
    const published = await api.t.db.selectFrom('questions').select('id').where('status', '=', 'published').execute();
    expect(data.total).toBe(published.length);
  });
});
