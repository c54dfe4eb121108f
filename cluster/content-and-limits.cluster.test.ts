import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, candidate, Client, freshAddress, publishedQuestions, publishedTest, saveAnswer, unique, type Attempt, type Json } from './api.js';
import { startCluster, within, type Cluster } from './cluster.js';

/**
 * What each public cache promises after an edit in any process. Blogs and topics are cached against
 * the shared content version and ads against the ads version (docs/decisions/009), each moved on by
 * the edit's own transaction, so the first read after the edit is fresh; tests are not cached.
 */
const PROMISE_MS = { blog: 0, topic: 0, ad: 0, test: 0 } as const;

const AUTH_PER_MINUTE = 4;
const SAVES_PER_MINUTE = 4;

describe('public content and rate limits across two server processes', () => {
  let c: Cluster;
  let editorA: Client;
  beforeAll(async () => {
    c = await startCluster({ AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_PER_MINUTE), EXAM_SAVES_PER_MINUTE: String(SAVES_PER_MINUTE) });
    editorA = await admin(c.a);
  });
  afterAll(async () => c?.stop());

  const reader = () => new Client(c.b);

  /** Reads `path` on B twice (the second from its cache), edits on A, then waits on B for `fresh`, within `promiseMs`. */
  async function seenOnB(path: string, fresh: (body: Json) => boolean, edit: () => Promise<unknown>, promiseMs: number): Promise<number> {
    const b = reader();
    for (let i = 0; i < 2; i += 1) expect(fresh(await b.ok('GET', path))).toBe(false);
    await edit();
    return within(promiseMs, async () => fresh(await b.ok('GET', path)));
  }

  it('shows on B the blog, topic, ad and test edits made on A, within each cache’s promise', async () => {
    const blog = (await editorA.ok('POST', '/api/admin/blogs', { title: 'Before the edit', content: 'A blog for two processes.', tags: ['cluster'] }, 201)).data;
    await editorA.ok('POST', `/api/admin/blogs/${blog.id}/publish`);
    const blogMs = await seenOnB(`/api/blogs/${blog.slug}`, (b) => b.data.title === 'Blog edited on A', () => editorA.ok('PATCH', `/api/admin/blogs/${blog.id}`, { title: 'Blog edited on A' }), PROMISE_MS.blog);
    const listMs = await seenOnB('/public/allblogs', (b) => b.data.some((x: { title: string }) => x.title === 'Blog renamed on A'), () => editorA.ok('PATCH', `/api/admin/blogs/${blog.id}`, { title: 'Blog renamed on A' }), PROMISE_MS.blog);

    const topicInput = { title: 'Topic before the edit', content: 'A topic for two processes.', category: 'Cluster', difficulty: 'Beginner', tags: ['cluster'] };
    const topic = (await editorA.ok('POST', '/api/admin/topics', topicInput, 201)).data;
    await editorA.ok('POST', `/api/admin/topics/${topic.id}/publish`);
    const topicMs = await seenOnB(`/api/topics/${topic.slug}`, (b) => b.data.title === 'Topic edited on A', () => editorA.ok('PATCH', `/api/admin/topics/${topic.id}`, { title: 'Topic edited on A' }), PROMISE_MS.topic);

    const adInput = { title: 'Ad before the edit', imageUrl: 'https://cdn.example/ad.webp', targetUrl: 'https://advertiser.example/', targeting: { national: false, pincodes: ['560034'] }, weight: 1, startsAt: null, endsAt: null, active: true };
    const ad = (await editorA.ok('POST', '/api/admin/ads', adInput, 201)).data;
    const adPath = '/api/advertisements/getAdsbyLocation?pincode=560034';
    const adMs = await seenOnB(adPath, (b) => b.data.some((x: { title: string }) => x.title === 'Ad edited on A'), () => editorA.ok('PUT', `/api/admin/ads/${ad.id}`, { ...adInput, title: 'Ad edited on A' }), PROMISE_MS.ad);
    const pausedMs = await seenOnB(adPath, (b) => b.data.length === 0, () => editorA.ok('PUT', `/api/admin/ads/${ad.id}`, { ...adInput, active: false }), PROMISE_MS.ad);

    const test = await publishedTest(editorA, await publishedQuestions(editorA, 2));
    const testMs = await seenOnB(`/api/tests/${test.slug}`, (b) => b.data.title === 'Test edited on A', () => editorA.ok('PUT', `/api/admin/tests/${test.id}`, { ...test.input, title: 'Test edited on A' }), PROMISE_MS.test);
    const gone = await seenOnB('/api/tests', (b) => !b.data.some((x: { slug: string }) => x.slug === test.slug), () => editorA.ok('POST', `/api/admin/tests/${test.id}/unpublish`), PROMISE_MS.test);

    const shown = { blogMs, listMs, topicMs, adMs, pausedMs, testMs, gone };
    console.info(`edits on A seen on B after (ms): ${JSON.stringify(Object.fromEntries(Object.entries(shown).map(([k, v]) => [k, Math.round(v)])))}`);
  });

  it('counts sign-in attempts from one address against one budget across A and B', async () => {
    const address = freshAddress();
    const codes: number[] = [];
    for (let i = 0; i < AUTH_PER_MINUTE + 2; i += 1) {
      const proc = i % 2 === 0 ? c.a : c.b;
      // A different unknown account each time, so the account lockout plays no part: only the address's budget.
      const answer = await new Client(proc, address).call('POST', '/api/auth/login', { email: `${unique('nobody')}@cluster.test`, password: 'not-the-password' });
      codes.push(answer.status);
    }
    expect(codes).toEqual([...Array<number>(AUTH_PER_MINUTE).fill(401), 429, 429]);
  });

  it("counts one candidate's answer saves on A and B against one per-attempt budget", async () => {
    const test = await publishedTest(editorA, await publishedQuestions(editorA, 2));
    const onA = await candidate(c.a);
    const attempt = (await onA.ok<{ data: Attempt }>('POST', `/api/tests/${test.slug}/attempts`, undefined, 201)).data;
    const onB = onA.on(c.b);
    const codes: number[] = [];
    for (let seq = 1; seq <= SAVES_PER_MINUTE + 2; seq += 1) codes.push((await saveAnswer(seq % 2 === 1 ? onA : onB, attempt, seq % 2, seq)).status);
    expect(codes).toEqual([...Array<number>(SAVES_PER_MINUTE).fill(200), 429, 429]);
  });
});
