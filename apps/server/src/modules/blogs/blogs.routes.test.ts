import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBlog } from '../../../test/content-factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const clock = testClock(Date.UTC(2026, 9, 1));
  for (const title of ['Older post', 'Middle post', 'Newest post']) {
    await makeBlog(t.db, { title, clock });
    clock.advance(86_400_000);
  }
  await makeBlog(t.db, { title: 'Unpublished draft', draft: true });
});
afterAll(async () => t.close());

const titles = (res: { json: () => { data: { title: string }[] } }) => res.json().data.map((d) => d.title);

describe('GET /public/allblogs', () => {
  it('lists published blogs only, newest first, without their content', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/allblogs' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((b: { title: string }) => b.title)).toEqual(['Newest post', 'Middle post', 'Older post']);
    for (const item of data) {
      expect(item).not.toHaveProperty('content');
      expect(item).not.toHaveProperty('contentHtml');
      expect(JSON.stringify(item).length).toBeLessThan(2048);
      expect(item).toMatchObject({ author: 'Meera Iyer', tags: ['strategy'], readingTimeMinutes: 1 });
    }
    expect(res.headers['cache-control']).toContain('max-age=60');
  });

  it('takes a limit, and refuses a bad one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public/allblogs?limit=1' });
    expect(titles(res)).toEqual(['Newest post']);
    const bad = await t.app.inject({ method: 'GET', url: '/public/allblogs?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'limit', message: 'limit must be at least 1' }]);
  });
});

describe('GET /api/blogs/:slug', () => {
  it('answers a published blog with rendered content', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs/newest-post' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ slug: 'newest-post', title: 'Newest post', contentHtml: expect.stringContaining('<h2 id="section">Section</h2>') });
  });

  it.each(['unpublished-draft', 'no-such-post'])('answers 404 for %s', async (slug) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/blogs/${slug}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Blog not found' });
  });
});
