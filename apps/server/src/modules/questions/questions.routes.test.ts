import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { makeTopic } from '../../../test/content-factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let editor: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
});
afterAll(async () => t.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = editor) =>
  t.app.inject({ method, url: `/api/admin/questions${url}`, headers, ...(payload ? { payload } : {}) });
const input = (over: object = {}) => ({
  type: 'single',
  stem: 'What is 25% of 80?',
  options: [
    { text: '20', correct: true, feedback: '80 ÷ 4 = 20' },
    { text: '25', correct: false },
    { text: '16', correct: false },
  ],
  categoryPath: 'SSC/Quant/Percentages',
  tags: ['percentages'],
  ...over,
});

describe('the question bank API', () => {
  it('is for editors only', async () => {
    expect((await api('GET', '/', undefined, {})).statusCode).toBe(401);
    const candidate = (await signedInUser(t.app, t.db)).auth;
    expect((await api('GET', '/', undefined, candidate)).statusCode).toBe(403);
    expect((await api('POST', '/', input(), candidate)).statusCode).toBe(403);
  });

  it('creates a single-answer question with rendered text, correct flags and its category', async () => {
    const res = await api('POST', '/', input());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'single',
      status: 'draft',
      source: 'manual',
      categoryPath: 'SSC/Quant/Percentages',
      stemHtml: '<p>What is 25% of 80?</p>\n',
      options: [
        { text: '20', correct: true, fraction: 1, feedback: '80 ÷ 4 = 20' },
        { text: '25', correct: false, fraction: 0 },
        { text: '16', correct: false, fraction: 0 },
      ],
    });
  });

  it('splits marks among the correct options of a multiple-answer question', async () => {
    const res = await api('POST', '/', input({ type: 'multiple', stem: 'Which are prime?', options: [{ text: '2', correct: true }, { text: '3', correct: true }, { text: '4', correct: false }, { text: '6', correct: false }] }));
    expect(res.json().data.options.map((o: { fraction: number }) => o.fraction)).toEqual([0.5, 0.5, -0.5, -0.5]);
  });

  it('marks a multiple-answer question all or nothing on request, partial by default, and switches back', async () => {
    const primes = { type: 'multiple', stem: 'Which of these are prime: all or nothing?', options: [{ text: '2', correct: true }, { text: '3', correct: true }, { text: '4', correct: false }] };
    const strict = await api('POST', '/', input({ ...primes, marking: 'allOrNothing' }));
    expect(strict.statusCode, strict.body).toBe(201);
    // The same fractions as a partial question: the marking decides how they count.
    expect(strict.json().data).toMatchObject({ marking: 'allOrNothing', options: [{ fraction: 0.5 }, { fraction: 0.5 }, { fraction: -0.5 }] });
    const stored = await t.db.selectFrom('questions').select(['marking', 'content_hash']).where('id', '=', strict.json().data.id).executeTakeFirstOrThrow();
    expect(stored.marking).toBe('all_or_nothing');

    // Identical content marked partially is another question (it scores differently)…
    const partial = await api('POST', '/', input(primes));
    expect(partial.statusCode).toBe(201);
    expect(partial.json().data.marking).toBe('partial');
    // …and each one, written again, is refused as a duplicate.
    expect((await api('POST', '/', input({ ...primes, marking: 'allOrNothing' }))).statusCode).toBe(409);
    expect((await api('POST', '/', input({ ...primes, marking: 'partial' }))).statusCode).toBe(409);
    // Switching the partial copy to all or nothing would make it the other one.
    expect((await api('PUT', `/${partial.json().data.id}`, input({ ...primes, marking: 'allOrNothing' }))).statusCode).toBe(409);

    const relaxed = await api('PUT', `/${strict.json().data.id}`, input({ ...primes, stem: 'Which of these are prime?', marking: 'partial' }));
    expect(relaxed.json().data.marking).toBe('partial');
    expect((await api('GET', `/${strict.json().data.id}`)).json().data.marking).toBe('partial');
  });

  it.each([
    [{ options: [{ text: 'a', correct: false }, { text: 'b', correct: false }] }, 'options', 'Mark at least one option correct'],
    [{ options: [{ text: 'a', correct: true }, { text: 'b', correct: true }] }, 'options', 'A single-answer question has exactly one correct option'],
    [{ type: 'truefalse', options: [{ text: 'True', correct: true }, { text: 'False', correct: false }, { text: 'Maybe', correct: false }] }, 'options', 'A true/false question has exactly two options'],
    [{ options: Array.from({ length: 7 }, (_, i) => ({ text: `o${i}`, correct: i === 0 })) }, 'options', 'Give at most 6 options'],
    [{ stem: '  ' }, 'stem', 'Enter the question'],
    [{ type: 'essay' }, 'type', 'Type must be single, multiple or truefalse'],
    [{ marking: 'allOrNothing' }, 'marking', 'Only a multiple-answer question can be marked all or nothing'],
    [{ type: 'truefalse', marking: 'allOrNothing', options: [{ text: 'True', correct: true }, { text: 'False', correct: false }] }, 'marking', 'Only a multiple-answer question can be marked all or nothing'],
    [{ type: 'multiple', marking: 'strict' }, 'marking', 'Marking must be partial or allOrNothing'],
    [{ isCorrect: true }, 'isCorrect', 'Unknown field "isCorrect" cannot be set'],
  ])('refuses %j', async (over, field, message) => {
    const res = await api('POST', '/', input(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it('refuses an identical question with 409', async () => {
    const stem = 'Unique stem for the duplicate check';
    expect((await api('POST', '/', input({ stem }))).statusCode).toBe(201);
    const again = await api('POST', '/', input({ stem }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An identical question is already in the bank');
  });

  it('lists with search, filters (a category includes its sub-categories), tags and paging', async () => {
    await api('POST', '/', input({ stem: 'Train crosses a pole in 9 seconds', categoryPath: 'Railways/Speed', tags: ['trains'], difficulty: 'hard' }));
    await api('POST', '/', input({ stem: 'Ratio of ages', categoryPath: 'SSC/Quant/Ratio', tags: ['ratio'] }));
    const titles = async (query: string) => (await api('GET', `/?${query}`)).json().data.map((q: { stem: string }) => q.stem);
    expect(await titles('search=POLE')).toEqual(['Train crosses a pole in 9 seconds']);
    expect(await titles('category=SSC/Quant')).toEqual(expect.arrayContaining(['Ratio of ages', 'What is 25% of 80?']));
    expect(await titles('category=SSC/Quant')).not.toContain('Train crosses a pole in 9 seconds');
    expect(await titles('tag=trains')).toEqual(['Train crosses a pole in 9 seconds']);
    expect(await titles('difficulty=hard')).toEqual(['Train crosses a pole in 9 seconds']);
    const page = (await api('GET', '/?pageSize=2&page=1')).json();
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect((await api('GET', '/?pageSize=101')).json().details).toContainEqual({ field: 'pageSize', message: 'Page size must be at most 100' });
  });

  it('updates a question, replacing its options', async () => {
    const { data } = (await api('POST', '/', input({ stem: 'Before the edit' }))).json();
    const res = await api('PUT', `/${data.id}`, input({ stem: 'After the edit', options: [{ text: 'Yes', correct: false }, { text: 'No', correct: true }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: data.id, stem: 'After the edit', options: [{ text: 'Yes', correct: false }, { text: 'No', correct: true }] });
    expect((await api('PUT', '/no-such-id', input())).statusCode).toBe(404);
  });

  it('publishes and deletes in bulk', async () => {
    const ids = [];
    for (const stem of ['Bulk one', 'Bulk two']) ids.push((await api('POST', '/', input({ stem }))).json().data.id);
    expect((await api('POST', '/bulk', { ids, action: 'publish' })).json()).toEqual({ affected: 2, archived: 0 });
    expect((await api('GET', `/${ids[0]}`)).json().data.status).toBe('published');
    expect((await api('POST', '/bulk', { ids: [...ids, 'missing'], action: 'delete' })).json()).toEqual({ affected: 2, archived: 0 });
    expect((await api('GET', `/${ids[0]}`)).statusCode).toBe(404);
    const options = await t.db.selectFrom('question_options').select('question_id').where('question_id', 'in', ids).execute();
    expect(options).toEqual([]);
    expect((await api('POST', '/bulk', { ids: [], action: 'delete' })).json().details).toContainEqual({ field: 'ids', message: 'Choose at least one question' });
  });

  it('links a question to a learning topic, filters by it, and lets go when the topic is deleted', async () => {
    const topic = await makeTopic(t.db, { title: 'Simple interest in one page' });
    const created = await api('POST', '/', input({ stem: 'Simple interest on 1,000 at 5% for 2 years?', topicId: topic.id }));
    expect(created.statusCode, created.body).toBe(201);
    const { data } = created.json();
    expect(data.topic).toEqual({ id: topic.id, slug: topic.slug, title: 'Simple interest in one page' });
    expect((await api('GET', `/?topic=${topic.slug}`)).json().data.map((q: { id: string }) => q.id)).toEqual([data.id]);
    expect((await api('GET', '/?topic=no-such-topic')).json()).toMatchObject({ data: [], total: 0 });

    const cleared = await api('PUT', `/${data.id}`, input({ stem: 'Simple interest on 1,000 at 5% for 2 years?', topicId: null }));
    expect(cleared.json().data.topic).toBeNull();
    await api('PUT', `/${data.id}`, input({ stem: 'Simple interest on 1,000 at 5% for 2 years?', topicId: topic.id }));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/topics/${topic.id}`, headers: editor });
    expect(del.statusCode).toBe(204);
    expect((await api('GET', `/${data.id}`)).json().data.topic).toBeNull();
  });

  it.each([
    ['a topic that does not exist', 'no-such-topic-id', 'No learning topic has this id'],
    ['an empty topic id', '', 'No learning topic has this id'],
    ['a topic id that is not text', 42, 'Topic must be a topic id'],
  ])('refuses %s with 400 and writes nothing', async (_name, topicId, message) => {
    const stem = `Linked to ${String(topicId)}`;
    const res = await api('POST', '/', input({ stem, topicId }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'topicId', message });
    expect(await t.db.selectFrom('questions').select('id').where('stem', '=', stem).execute()).toEqual([]);
  });
});
