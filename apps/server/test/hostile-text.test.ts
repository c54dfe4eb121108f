import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBlog, makeTopic } from './content-factories.js';
import { signedInUser } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';

// Text PostgreSQL cannot store (NUL) and text no database stores as sent (half of a surrogate
// pair) get one answer on both dialects: 400 naming the field in a body or query, 404 in a path.
const NUL = '\u0000';
const LONE = '\ud83d';

let t: TestApp;
let editor: Record<string, string>;
let admin: Record<string, string>;
let candidate: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
  admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
  candidate = (await signedInUser(t.app, t.db)).auth;
  await makeBlog(t.db, { title: 'A blog' });
  await makeTopic(t.db, { title: 'A topic' });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

function expectFieldRefused(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  return body.details.find((d: { field: string }) => d.field === field).message as string;
}

const blogInput = { title: 'Title', content: 'Body' };
const topicInput = { title: 'Title', content: 'Body', category: 'SSC', difficulty: 'Beginner' };
const questionInput = { type: 'single', stem: 'What is 2 + 2?', options: [{ text: '4', correct: true }, { text: '5', correct: false }] };
const adInput = { title: 'Ad', imageUrl: 'https://example.com/a.png', targetUrl: 'https://example.com', targeting: { national: true } };
const with1 = <T extends object>(base: T, over: object) => ({ ...base, ...over });

describe.each([
  ['the NUL character', NUL, /must not contain the NUL character/],
  ['a lone surrogate', LONE, /must not contain half of a character/],
])('%s in a text field', (_name, bad, message) => {
  const cases: [string, Method, string, (v: string) => object | undefined, string, 'anon' | 'editor' | 'admin' | 'candidate'][] = [
    ['topic search', 'POST', '/topics/all', (v) => ({ search: v }), 'search', 'anon'],
    ['topic category filter', 'POST', '/topics/all', (v) => ({ category: `SSC${v}` }), 'category', 'anon'],
    ['topic tag filter', 'POST', '/topics/all', (v) => ({ tags: [`a${v}`] }), 'tags.0', 'anon'],
    ['registration name', 'POST', '/api/auth/register', (v) => ({ name: `Asha${v}`, email: 'asha.nul@example.com', password: 'long enough password' }), 'name', 'anon'],
    ['profile name', 'PUT', '/api/users/profile/update', (v) => ({ name: `Asha${v}` }), 'name', 'candidate'],
    ['profile city', 'PUT', '/api/users/profile/update', (v) => ({ city: `Pune${v}` }), 'city', 'candidate'],
    ['profile target exam', 'PUT', '/api/users/profile/update', (v) => ({ targetExam: `SSC${v}` }), 'targetExam', 'candidate'],
    ['blog title', 'POST', '/api/admin/blogs', (v) => with1(blogInput, { title: `T${v}` }), 'title', 'editor'],
    ['blog content', 'POST', '/api/admin/blogs', (v) => with1(blogInput, { content: `B${v}` }), 'content', 'editor'],
    ['blog excerpt', 'POST', '/api/admin/blogs', (v) => with1(blogInput, { excerpt: `E${v}` }), 'excerpt', 'editor'],
    ['blog tag', 'POST', '/api/admin/blogs', (v) => with1(blogInput, { tags: [`t${v}`] }), 'tags.0', 'editor'],
    ['blog cover', 'POST', '/api/admin/blogs', (v) => with1(blogInput, { coverImageUrl: `https://x.io/${v}` }), 'coverImageUrl', 'editor'],
    ['topic title', 'POST', '/api/admin/topics', (v) => with1(topicInput, { title: `T${v}` }), 'title', 'editor'],
    ['topic summary', 'POST', '/api/admin/topics', (v) => with1(topicInput, { summary: `S${v}` }), 'summary', 'editor'],
    ['topic category', 'POST', '/api/admin/topics', (v) => with1(topicInput, { category: `SSC${v}` }), 'category', 'editor'],
    ['preview content', 'POST', '/api/admin/preview', (v) => ({ content: `x${v}` }), 'content', 'editor'],
    ['question stem', 'POST', '/api/admin/questions', (v) => with1(questionInput, { stem: `Q${v}` }), 'stem', 'editor'],
    ['question option', 'POST', '/api/admin/questions', (v) => with1(questionInput, { options: [{ text: `4${v}`, correct: true }, { text: '5', correct: false }] }), 'options.0.text', 'editor'],
    ['question topic', 'POST', '/api/admin/questions', (v) => with1(questionInput, { topicId: `a${v}` }), 'topicId', 'editor'],
    ['question category', 'POST', '/api/admin/questions', (v) => with1(questionInput, { categoryPath: `SSC${v}` }), 'categoryPath', 'editor'],
    ['question search', 'GET', `/api/admin/questions?search=`, () => undefined, 'search', 'editor'],
    ['question tag', 'GET', `/api/admin/questions?tag=`, () => undefined, 'tag', 'editor'],
    ['question topic filter', 'GET', `/api/admin/questions?topic=`, () => undefined, 'topic', 'editor'],
    ['question category filter', 'GET', `/api/admin/questions?category=`, () => undefined, 'category', 'editor'],
    ['question bulk ids', 'POST', '/api/admin/questions/bulk', (v) => ({ ids: [`a${v}`], action: 'delete' }), 'ids.0', 'editor'],
    ['question export category', 'GET', '/api/admin/questions/export?format=gift&category=', () => undefined, 'category', 'editor'],
    ['question export ids', 'GET', '/api/admin/questions/export?format=gift&ids=', () => undefined, 'ids', 'editor'],
    ['ad title', 'POST', '/api/admin/ads', (v) => with1(adInput, { title: `Ad${v}` }), 'title', 'admin'],
    ['ad link', 'POST', '/api/admin/ads', (v) => with1(adInput, { targetUrl: `/topics${v}` }), 'targetUrl', 'admin'],
    ['users search', 'GET', '/api/admin/users?search=', () => undefined, 'search', 'admin'],
  ];
  const who = { anon: () => ({}), editor: () => editor, admin: () => admin, candidate: () => candidate };

  // A URL cannot carry half a character (its bytes are not UTF-8): query strings are tried with NUL only.
  const reachable = bad === NUL ? cases : cases.filter(([, , , payload]) => payload(bad) !== undefined);
  it.each(reachable)('refuses it in the %s with 400 naming the field', async (_label, method, url, payload, field, role) => {
    const body = payload(bad);
    const res = await send(method, body ? url : `${url}a%00`, body, who[role]());
    expect(expectFieldRefused(res, field)).toMatch(message);
  });
});

describe('an id or slug in a path that no row can have', () => {
  const paths: [string, Method, string, string, 'anon' | 'editor' | 'admin'][] = [
    ['blog', 'GET', '/api/blogs/%00', 'Blog not found', 'anon'],
    ['topic', 'GET', '/api/topics/a%00b', 'Topic not found', 'anon'],
    ['ad click', 'POST', '/api/advertisements/%00/click', 'Advertisement not found', 'anon'],
    ['ad impression', 'POST', '/api/advertisements/a%00/impression', 'Advertisement not found', 'anon'],
    ['admin blog', 'GET', '/api/admin/blogs/%00', 'Blog not found', 'editor'],
    ['admin blog patch', 'PATCH', '/api/admin/blogs/%00', 'Blog not found', 'editor'],
    ['admin blog publish', 'POST', '/api/admin/blogs/%00/publish', 'Blog not found', 'editor'],
    ['admin blog unpublish', 'POST', '/api/admin/blogs/%00/unpublish', 'Blog not found', 'editor'],
    ['admin blog delete', 'DELETE', '/api/admin/blogs/%00', 'Blog not found', 'editor'],
    ['admin topic', 'GET', '/api/admin/topics/%00', 'Topic not found', 'editor'],
    ['admin topic patch', 'PATCH', '/api/admin/topics/%00', 'Topic not found', 'editor'],
    ['admin topic publish', 'POST', '/api/admin/topics/%00/publish', 'Topic not found', 'editor'],
    ['admin topic unpublish', 'POST', '/api/admin/topics/%00/unpublish', 'Topic not found', 'editor'],
    ['admin topic delete', 'DELETE', '/api/admin/topics/%00', 'Topic not found', 'editor'],
    ['question', 'GET', '/api/admin/questions/%00', 'Question not found', 'editor'],
    ['question put', 'PUT', '/api/admin/questions/%00', 'Question not found', 'editor'],
    ['ad', 'GET', '/api/admin/ads/%00', 'Advertisement not found', 'admin'],
    ['ad put', 'PUT', '/api/admin/ads/%00', 'Advertisement not found', 'admin'],
    ['user role', 'PATCH', '/api/admin/users/%00/role', 'User not found', 'admin'],
  ];
  const bodies: Record<string, object> = {
    'admin blog patch': { title: 'New' },
    'admin topic patch': { title: 'New' },
    'question put': questionInput,
    'ad put': adInput,
    'user role': { role: 'editor' },
  };
  const who = { anon: () => ({}), editor: () => editor, admin: () => admin };

  it.each(paths)('answers 404 for the %s', async (label, method, url, message, role) => {
    const res = await send(method, url, bodies[label], who[role]());
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message });
  });
});

describe('text that is fine', () => {
  it('keeps tabs, new lines and real surrogate pairs in content', async () => {
    const res = await send('POST', '/api/admin/blogs', with1(blogInput, { content: 'a\tb\r\nc 😀 क', excerpt: 'ok 😀' }), editor);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.excerpt).toBe('ok 😀');
  });
});

describe('the NUL character elsewhere', () => {
  const importFile = (query: string, payload: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/questions/import?${query}`, headers: { ...editor, 'content-type': 'text/plain' }, payload });

  it('refuses a question file holding it, naming the file', async () => {
    for (const format of ['gift', 'aiken', 'csv']) {
      const file = format === 'csv' ? 'type,question,option1,option2,correct\nsingle,Two plus two\u0000?,4,5,1\n' : format === 'gift' ? '::Q:: Two plus two\u0000? {=4 ~5}\n' : 'Two plus two\u0000?\nA. 4\nB. 5\nANSWER: A\n';
      const res = await importFile(`format=${format}&dryRun=false`, file);
      expect(expectFieldRefused(res, 'file')).toMatch(/NUL character/);
    }
  });

  it('refuses it in the import query', async () => {
    const res = await importFile('format=gift&dryRun=false&category=a%00', '::Q:: Two plus two? {=4 ~5}\n');
    expectFieldRefused(res, 'category');
  });
});
