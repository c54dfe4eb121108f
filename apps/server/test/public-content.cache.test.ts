import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './factories.js';
import { buildTestApp, testConfig, type TestApp } from './helpers.js';
import { buildApp } from '../src/app.js';

// Two server instances on one database, each with its own response cache, as two processes would be.
let a: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
let editor: Record<string, string>;
beforeAll(async () => {
  a = await buildTestApp();
  b = await buildApp(testConfig(), { dbHandle: a.dbHandle });
  await b.ready();
  editor = (await signedInUser(a.app, a.db, { role: 'editor' })).auth;
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const titles = async (app: typeof b, url = '/public/allblogs') => (await app.inject({ method: 'GET', url })).json().data.map((x: { title: string }) => x.title);

async function publishBlog(title: string) {
  const { data } = (await b.inject({ method: 'POST', url: '/api/admin/blogs', headers: editor, payload: { title, content: 'Body.' } })).json();
  await b.inject({ method: 'POST', url: `/api/admin/blogs/${data.id}/publish`, headers: editor });
  return data as { id: string; slug: string };
}

describe('cached public content', () => {
  it('shows a write made through one instance at once through the other', async () => {
    expect(await titles(a.app)).toEqual([]);
    expect(await titles(a.app)).toEqual([]);
    const first = await publishBlog('Fresh post');
    expect(await titles(a.app)).toEqual(['Fresh post']);
    await b.inject({ method: 'PATCH', url: `/api/admin/blogs/${first.id}`, headers: editor, payload: { title: 'Renamed post' } });
    expect(await titles(a.app)).toEqual(['Renamed post']);
    await b.inject({ method: 'POST', url: `/api/admin/blogs/${first.id}/unpublish`, headers: editor });
    expect(await titles(a.app)).toEqual([]);
  });

  it('answers a repeat visit with 304 until the content changes', async () => {
    const first = await a.app.inject({ method: 'GET', url: '/api/topics/all' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"c\d+"$/);
    const again = await a.app.inject({ method: 'GET', url: '/api/topics/all', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await publishBlog('Another post');
    const changed = await a.app.inject({ method: 'GET', url: '/api/topics/all', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('does not keep a not-found answer once the page exists', async () => {
    expect((await a.app.inject({ method: 'GET', url: '/api/blogs/late-arrival' })).statusCode).toBe(404);
    await publishBlog('Late arrival');
    expect((await a.app.inject({ method: 'GET', url: '/api/blogs/late-arrival' })).statusCode).toBe(200);
  });

  it('caches filtered topic pages per filter, and refreshes them on a write', async () => {
    const search = { search: 'ohm' };
    const before = (await a.app.inject({ method: 'POST', url: '/topics/all', payload: search })).json();
    expect(before.total).toBe(0);
    const { data } = (await b.inject({ method: 'POST', url: '/api/admin/topics', headers: editor, payload: { title: "Ohm's law", content: 'V = IR', category: 'JEE', difficulty: 'Beginner' } })).json();
    await b.inject({ method: 'POST', url: `/api/admin/topics/${data.id}/publish`, headers: editor });
    const after = (await a.app.inject({ method: 'POST', url: '/topics/all', payload: search })).json();
    expect(after).toMatchObject({ total: 1, data: [{ title: "Ohm's law" }] });
  });
});
