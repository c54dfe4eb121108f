import { describe, expect, it } from 'vitest';
import { useAdminApi } from '../../../test/admin-api.js';

const api = useAdminApi();
const { call } = api;
const blogInput = (over: object = {}) => ({ title: 'Negative marking, explained', content: '## Why\n\nExpected value.', tags: ['Strategy', 'strategy', 'exams'], ...over });

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
    [{ coverImageUrl: '/\\evil.example/x.png' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ coverImageUrl: '//evil.example/x.png' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ coverImageUrl: '/\\\\evil' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ coverImageUrl: '\\\\evil' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ coverImageUrl: '/media/x.png\\..\\y' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ coverImageUrl: '/media/a\tb.png' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ coverImageUrl: 'https:/\\evil.example/x.png' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ coverImageUrl: 'https://user@evil.example/x.png' }, 'coverImageUrl', 'Use an https:// address or a path on this site'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'At most 10 tags'],
    [{ status: 'published' }, 'status', 'Unknown field "status" cannot be set'],
    [{ content: 'x'.repeat(200_001) }, 'content', 'Content must be at most 200000 characters'],
  ])('refuses %j', async (over, field, message) => {
    const res = await call('POST', '/blogs', blogInput(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it.each(['/media/abc.webp', 'https://cdn.example/x.png'])('accepts the cover address %j', async (coverImageUrl) => {
    const res = await call('POST', '/blogs', blogInput({ coverImageUrl }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.coverImageUrl).toBe(coverImageUrl);
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
    const page = await api.t.app.inject({ method: 'GET', url: '/api/blogs/editable-post' });
    expect(page.json().data.contentHtml).toContain('<h3 id="new-heading">New heading</h3>');
    const clash = await call('PATCH', `/blogs/${data.id}`, { slug: 'negative-marking-explained' });
    expect(clash.statusCode).toBe(409);
    expect((await call('PATCH', '/blogs/no-such-id', { title: 'x' })).statusCode).toBe(404);
  });

  it('publishes, unpublishes and republishes, keeping the first publication date', async () => {
    const { data } = (await call('POST', '/blogs', blogInput({ title: 'Publish me' }))).json();
    expect((await api.t.app.inject({ method: 'GET', url: '/api/blogs/publish-me' })).statusCode).toBe(404);
    const published = (await call('POST', `/blogs/${data.id}/publish`)).json().data;
    expect(published.status).toBe('published');
    expect((await api.t.app.inject({ method: 'GET', url: '/api/blogs/publish-me' })).statusCode).toBe(200);
    expect((await call('POST', `/blogs/${data.id}/unpublish`)).json().data.status).toBe('draft');
    expect((await api.t.app.inject({ method: 'GET', url: '/api/blogs/publish-me' })).statusCode).toBe(404);
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
