import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let editor: Record<string, string>;
let candidate: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  editor = (await signedInUser(t.app, t.db, { role: 'editor', name: 'Meera Iyer' })).auth;
  candidate = (await signedInUser(t.app, t.db, { role: 'candidate' })).auth;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = editor) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });
const blogInput = (over: object = {}) => ({ title: 'Negative marking, explained', content: '## Why\n\nExpected value.', tags: ['Strategy', 'strategy', 'exams'], ...over });

describe('who may edit', () => {
  it.each([
    ['GET', '/blogs'],
    ['POST', '/blogs'],
    ['PATCH', '/blogs/x'],
    ['DELETE', '/topics/x'],
    ['POST', '/preview'],
  ] as const)('%s %s: 401 signed out, 403 for a candidate', async (method, url) => {
    expect((await call(method, url, {}, {})).statusCode).toBe(401);
    const res = await call(method, url, {}, candidate);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('lets an admin in as well', async () => {
    const admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
    expect((await call('GET', '/topics', undefined, admin)).statusCode).toBe(200);
  });
});

describe('blogs', () => {
  it('creates a draft with a slug from the title, derived fields and its author', async () => {
    const res = await call('POST', '/blogs', blogInput());
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toMatchObject({
      slug: 'negative-marking-explained',
      status: 'draft',
      publishedAt: null,
      author: 'Meera Iyer',
      tags: ['strategy', 'exams'],
      excerpt: 'Why Expected value.',
      readingTimeMinutes: 1,
      content: '## Why\n\nExpected value.',
    });
    const again = await call('POST', '/blogs', blogInput());
    expect(again.json().data.slug).toBe('negative-marking-explained-2');
  });

  it('answers 409 when a chosen slug is taken, and 400 for a reserved or malformed one', async () => {
    await call('POST', '/blogs', blogInput({ slug: 'chosen-slug' }));
    const clash = await call('POST', '/blogs', blogInput({ slug: 'chosen-slug' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'A blog with this slug already exists' });
    const reserved = await call('POST', '/blogs', blogInput({ slug: 'all' }));
    expect(reserved.json().details).toEqual([{ field: 'slug', message: 'This slug is reserved; choose another' }]);
    const bad = await call('POST', '/blogs', blogInput({ slug: 'Has Spaces!' }));
    expect(bad.json().details).toContainEqual({ field: 'slug', message: 'Slug may contain only lower-case letters, digits and single hyphens' });
  });

  it.each([
    [{ title: '' }, 'title', 'Enter a title'],
    [{ content: 5 }, 'content', 'Content must be text'],
    [{ coverImageUrl: 'javascript:alert(1)' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ coverImageUrl: 'http://insecure.example/x.png' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'At most 10 tags'],
    [{ status: 'published' }, 'status', 'Unknown field "status" cannot be set'],
    [{ content: 'x'.repeat(200_001) }, 'content', 'Content must be at most 200000 characters'],
  ])('refuses %j', async (over, field, message) => {
    const res = await call('POST', '/blogs', blogInput(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await call('POST', '/blogs', blogInput({ content: 'é'.repeat(600_000) }));
    expect(res.statusCode).toBe(413);
  });

  it('updates: keeps the slug on a new title, re-renders content, keeps a hand-written excerpt, 409 on a taken slug', async () => {
    const { data } = (await call('POST', '/blogs', blogInput({ title: 'Editable post', excerpt: 'Hand-written.' }))).json();
    const res = await call('PATCH', `/blogs/${data.id}`, { title: 'Edited title', content: '### New heading\n\n' + 'word '.repeat(450) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ slug: 'editable-post', title: 'Edited title', excerpt: 'Hand-written.', readingTimeMinutes: 3 });
    await call('POST', `/blogs/${data.id}/publish`);
    const page = await t.app.inject({ method: 'GET', url: '/api/blogs/editable-post' });
    expect(page.json().data.contentHtml).toContain('<h3 id="new-heading">New heading</h3>');
    const clash = await call('PATCH', `/blogs/${data.id}`, { slug: 'negative-marking-explained' });
    expect(clash.statusCode).toBe(409);
    expect((await call('PATCH', '/blogs/no-such-id', { title: 'x' })).statusCode).toBe(404);
  });

  it('publishes, unpublishes and republishes, keeping the first publication date', async () => {
    const { data } = (await call('POST', '/blogs', blogInput({ title: 'Publish me' }))).json();
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs/publish-me' })).statusCode).toBe(404);
    const published = (await call('POST', `/blogs/${data.id}/publish`)).json().data;
    expect(published.status).toBe('published');
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs/publish-me' })).statusCode).toBe(200);
    expect((await call('POST', `/blogs/${data.id}/unpublish`)).json().data.status).toBe('draft');
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs/publish-me' })).statusCode).toBe(404);
    const again = (await call('POST', `/blogs/${data.id}/publish`)).json().data;
    expect(again.publishedAt).toBe(published.publishedAt);
  });

  it('deletes, then answers 404', async () => {
    const { data } = (await call('POST', '/blogs', blogInput({ title: 'Delete me' }))).json();
    expect((await call('DELETE', `/blogs/${data.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/blogs/${data.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/blogs/${data.id}`)).json().message).toBe('Blog not found');
  });
});

describe('topics', () => {
  const topicInput = (over: object = {}) => ({ title: 'Mole concept', content: 'One mole is $6.022 \\times 10^{23}$ particles.', category: 'NEET', difficulty: 'Intermediate', tags: ['chemistry'], ...over });
  const filterTitles = async (body: object) => (await t.app.inject({ method: 'POST', url: '/topics/all', payload: body })).json().data.map((d: { title: string }) => d.title);

  it('creates, publishes and finds a topic by its tags; retagging moves it', async () => {
    const res = await call('POST', '/topics', topicInput());
    expect(res.statusCode).toBe(201);
    const { id, slug } = res.json().data;
    expect(slug).toBe('mole-concept');
    await call('POST', `/topics/${id}/publish`);
    expect(await filterTitles({ tags: ['chemistry'] })).toEqual(['Mole concept']);
    await call('PATCH', `/topics/${id}`, { tags: ['physics'] });
    expect(await filterTitles({ tags: ['chemistry'] })).toEqual([]);
    expect(await filterTitles({ tags: ['physics'] })).toEqual(['Mole concept']);
    await call('PATCH', `/topics/${id}`, { content: 'Avogadro number applies.' });
    expect(await filterTitles({ search: 'avogadro' })).toEqual(['Mole concept']);
    expect(await filterTitles({ search: 'particles' })).toEqual([]);
  });

  it('refuses a missing category or a wrong difficulty, and a taken slug', async () => {
    const missing = await call('POST', '/topics', topicInput({ category: undefined }));
    expect(missing.json().details).toContainEqual({ field: 'category', message: 'Choose a category' });
    const wrong = await call('POST', '/topics', topicInput({ title: 'Other', difficulty: 'Easy' }));
    expect(wrong.json().details).toContainEqual({ field: 'difficulty', message: 'Difficulty must be Beginner, Intermediate or Advanced' });
    await call('POST', '/topics', topicInput({ title: 'Taken', slug: 'taken-topic' }));
    const clash = await call('POST', '/topics', topicInput({ title: 'Taken again', slug: 'taken-topic' }));
    expect(clash.json()).toMatchObject({ statusCode: 409, message: 'A topic with this slug already exists' });
  });

  it('deletes a topic together with its tags', async () => {
    const { data } = (await call('POST', '/topics', topicInput({ title: 'Short lived', tags: ['ephemeral'] }))).json();
    await call('POST', `/topics/${data.id}/publish`);
    expect((await call('DELETE', `/topics/${data.id}`)).statusCode).toBe(204);
    const rows = await t.db.selectFrom('topic_tags').selectAll().where('topic_id', '=', data.id).execute();
    expect(rows).toEqual([]);
    expect(await filterTitles({ tags: ['ephemeral'] })).toEqual([]);
  });
});

describe('POST /api/admin/preview', () => {
  it('renders Markdown exactly as candidates will see it, sanitised', async () => {
    const res = await call('POST', '/preview', { content: '## Hi\n\n$x^2$ <img src=x onerror=alert(1)>' });
    expect(res.statusCode).toBe(200);
    const { html } = res.json();
    expect(html).toContain('<h2 id="hi">Hi</h2>');
    expect(html).toContain('class="katex"');
    expect(html).not.toMatch(/onerror/);
  });
});
