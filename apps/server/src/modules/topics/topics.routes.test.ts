import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTopic } from '../../../test/content-factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
const topicIds: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  const topics = [
    { title: 'Percentages and percentage change', category: 'SSC', difficulty: 'Beginner', tags: ['quant', 'percentages'], content: 'A 20% rise then a 20% fall is a 4% loss.' },
    { title: 'Simple and compound interest', category: 'Banking', difficulty: 'Intermediate', tags: ['quant', 'interest'], content: 'Compound INTEREST grows on interest.' },
    { title: 'Time and work', category: 'SSC', difficulty: 'Intermediate', tags: ['quant'], summary: 'Pipes, cisterns and efficiency.', content: 'Work = rate × time.' },
    { title: 'Fundamental Rights', category: 'UPSC', difficulty: 'Advanced', tags: ['polity'], content: 'Articles 12 to 35 of the Constitution.' },
    { title: '100% literal', category: 'Web Development', difficulty: 'Beginner', tags: ['css'], content: 'width: 100%; under_score' },
  ] as const;
  for (const topic of topics) topicIds[topic.title] = (await makeTopic(t.db, { ...topic, tags: [...topic.tags] })).id;
  await makeTopic(t.db, { title: 'Draft topic about percentages', draft: true });
});
afterAll(async () => t.close());

const filter = (body: unknown) => t.app.inject({ method: 'POST', url: '/topics/all', payload: body as object });
const titles = (res: { json: () => { data: { title: string }[] } }) => res.json().data.map((d) => d.title);

describe('GET /api/topics/all and /api/topics/:slug', () => {
  it('lists published topics only, in category order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/topics/all' });
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toHaveLength(5);
    expect(titles(res)).not.toContain('Draft topic about percentages');
    expect(res.json().data[0]).not.toHaveProperty('contentHtml');
  });

  it('answers one topic with rendered content, and 404 for an unknown slug', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/topics/time-and-work' });
    expect(ok.json().data).toMatchObject({ title: 'Time and work', summary: 'Pipes, cisterns and efficiency.', contentHtml: '<p>Work = rate × time.</p>\n' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/topics/unknown-topic' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Topic not found');
  });
});

describe('POST /topics/all', () => {
  it('answers the first page of everything for an empty filter', async () => {
    const res = await filter({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 5, page: 1, pageSize: 20 });
  });

  it('searches title, summary and content, ignoring case, every word required', async () => {
    expect(titles(await filter({ search: 'PERCENTAGE' }))).toEqual(['Percentages and percentage change']);
    expect(titles(await filter({ search: 'interest' }))).toEqual(['Simple and compound interest']);
    expect(titles(await filter({ search: 'cisterns' }))).toEqual(['Time and work']);
    expect(titles(await filter({ search: 'articles constitution' }))).toEqual(['Fundamental Rights']);
    expect(titles(await filter({ search: 'articles pipes' }))).toEqual([]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect(titles(await filter({ search: '100%' }))).toEqual(['100% literal']);
    expect(titles(await filter({ search: 'under_score' }))).toEqual(['100% literal']);
    expect(titles(await filter({ search: '%' }))).toEqual(['Percentages and percentage change', '100% literal']);
  });

  it('filters by category (any letter case), difficulty and tags (all of them)', async () => {
    expect(titles(await filter({ category: 'ssc' }))).toEqual(['Percentages and percentage change', 'Time and work']);
    expect(titles(await filter({ difficulty: 'Advanced' }))).toEqual(['Fundamental Rights']);
    expect(titles(await filter({ tags: ['quant'] }))).toHaveLength(3);
    expect(titles(await filter({ tags: ['quant', 'interest'] }))).toEqual(['Simple and compound interest']);
    expect(titles(await filter({ tags: ['QUANT'], category: 'SSC', difficulty: 'Intermediate' }))).toEqual(['Time and work']);
    expect(titles(await filter({ category: 'SSC', search: 'rise' }))).toEqual(['Percentages and percentage change']);
  });

  it('pages, including past the end', async () => {
    const first = await filter({ pageSize: 2, page: 1 });
    const third = await filter({ pageSize: 2, page: 3 });
    const past = await filter({ pageSize: 2, page: 9 });
    expect(first.json()).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.json().data).toHaveLength(2);
    expect(third.json().data).toHaveLength(1);
    expect(past.json()).toMatchObject({ data: [], total: 5, page: 9 });
    const all = [...titles(first), ...titles(await filter({ pageSize: 2, page: 2 })), ...titles(third)];
    expect(new Set(all).size).toBe(5);
    expect((await filter({ pageSize: 50 })).statusCode).toBe(200);
  });

  it.each([
    [{ pageSize: 51 }, 'pageSize', 'Page size must be at most 50'],
    [{ pageSize: 0 }, 'pageSize', 'Page size must be at least 1'],
    [{ page: 0 }, 'page', 'Page starts at 1'],
    [{ page: 1.5 }, 'page', 'Page must be a whole number'],
    [{ page: '2' }, 'page', 'Page must be a number'],
    [{ difficulty: 'Expert' }, 'difficulty', 'Difficulty must be Beginner, Intermediate or Advanced'],
    [{ tags: 'quant' }, 'tags', 'Tags must be a list'],
    [{ search: 'x'.repeat(101) }, 'search', 'Search must be at most 100 characters'],
    [{ sort: 'title' }, 'sort', 'Unknown field "sort" cannot be set'],
  ])('refuses %j naming the field', async (body, field, message) => {
    const res = await filter(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });
});
