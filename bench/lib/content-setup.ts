/**
 * Brings the running server to exactly BLOG_COUNT published blogs and TOPIC_COUNT published topics,
 * through the real editor API (so content is validated, rendered and stored as in production), and
 * picks the search term the topics scenario measures. Idempotent: it counts what is published and
 * creates only the difference; within one run the work is done once and shared by the scenarios.
 */
import { performance } from 'node:perf_hooks';
import { generateBlogs, generateTopics, type BlogInput, type TopicInput } from './content-gen.js';
import type { BenchContext } from './scenario.js';
import { HarnessError } from './server.js';

export const BLOG_COUNT = 100;
export const TOPIC_COUNT = 500;
/** Requests in flight while creating content. */
const CONCURRENCY = 8;
const EDITOR = { email: 'editor@abhyas.test', password: 'practice123' };
/** Tag words that also appear in the bodies; the one whose share of topics is closest to TERM_SHARE is measured. */
const TERM_CANDIDATES = ['diagrams', 'formulas', 'flashcards', 'mnemonics', 'numericals'];
const TERM_SHARE = 0.1;
const TERM_SHARE_RANGE = [0.05, 0.15] as const;

export type ContentSetup = {
  blogs: number;
  topics: number;
  createdBlogs: number;
  createdTopics: number;
  setupMs: number;
  searchTerm: string;
  searchMatches: number;
};

export async function call<T>(baseUrl: string, method: 'GET' | 'POST', path: string, body?: unknown, token?: string, expect = 200): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(baseUrl + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  if (res.status !== expect) throw new HarnessError(`${method} ${path} answered ${res.status} (expected ${expect}): ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

export async function countPublishedBlogs(baseUrl: string): Promise<number> {
  return (await call<{ data: unknown[] }>(baseUrl, 'GET', '/public/allblogs?limit=200')).data.length;
}

export async function countTopics(baseUrl: string, filter: Record<string, unknown> = {}): Promise<number> {
  return (await call<{ total: number }>(baseUrl, 'POST', '/topics/all', { ...filter, pageSize: 1 })).total;
}

/** Runs the tasks with at most `limit` in flight; the first failure stops new ones and is thrown. */
export async function pool(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < tasks.length) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

async function create(ctx: BenchContext): Promise<ContentSetup> {
  const base = ctx.server.baseUrl;
  const started = performance.now();
  const [haveBlogs, haveTopics] = await Promise.all([countPublishedBlogs(base), countTopics(base)]);
  if (haveBlogs > BLOG_COUNT || haveTopics > TOPIC_COUNT) {
    throw new HarnessError(`the server already has ${haveBlogs} published blogs and ${haveTopics} topics, more than the ${BLOG_COUNT}/${TOPIC_COUNT} to measure`);
  }
  const blogs = generateBlogs(BLOG_COUNT - haveBlogs);
  const topics = generateTopics(TOPIC_COUNT - haveTopics);
  if (blogs.length || topics.length) {
    const { token } = await ctx.login(EDITOR.email, EDITOR.password);
    ctx.log(`setup: ${haveBlogs} published blogs and ${haveTopics} topics exist; creating ${blogs.length} + ${topics.length} through the editor API (${CONCURRENCY} in flight)`);
    const publishBlog = (input: BlogInput) => async () => {
      const { data } = await call<{ data: { id: string } }>(base, 'POST', '/api/admin/blogs', input, token, 201);
      await call(base, 'POST', `/api/admin/blogs/${data.id}/publish`, undefined, token);
    };
    const publishTopic = (input: TopicInput) => async () => {
      const { data } = await call<{ data: { id: string } }>(base, 'POST', '/api/admin/topics', input, token, 201);
      await call(base, 'POST', `/api/admin/topics/${data.id}/publish`, undefined, token);
    };
    await pool([...blogs.map(publishBlog), ...topics.map(publishTopic)], CONCURRENCY);
  }
  const [nBlogs, nTopics] = await Promise.all([countPublishedBlogs(base), countTopics(base)]);
  if (nBlogs !== BLOG_COUNT || nTopics !== TOPIC_COUNT) {
    throw new HarnessError(`after setup the server has ${nBlogs} published blogs and ${nTopics} topics, not ${BLOG_COUNT}/${TOPIC_COUNT}`);
  }

  // The measured search word: the candidate matching the share of topics closest to TERM_SHARE.
  const shares = await Promise.all(TERM_CANDIDATES.map(async (term) => ({ term, matches: await countTopics(base, { search: term }) })));
  const best = shares.sort((a, b) => Math.abs(a.matches - TERM_SHARE * nTopics) - Math.abs(b.matches - TERM_SHARE * nTopics))[0]!;
  const share = best.matches / nTopics;
  if (share < TERM_SHARE_RANGE[0] || share > TERM_SHARE_RANGE[1]) {
    throw new HarnessError(`no search term matches ${TERM_SHARE_RANGE.map((r) => `${r * 100}%`).join('–')} of topics: ${JSON.stringify(shares)}`);
  }
  const setupMs = performance.now() - started;
  ctx.log(
    `setup: ${nBlogs} published blogs, ${nTopics} published topics (created ${blogs.length} + ${topics.length}) in ${(setupMs / 1000).toFixed(1)} s; ` +
      `search term "${best.term}" matches ${best.matches} topics (${(share * 100).toFixed(1)}%)`,
  );
  return { blogs: nBlogs, topics: nTopics, createdBlogs: blogs.length, createdTopics: topics.length, setupMs, searchTerm: best.term, searchMatches: best.matches };
}

const done = new WeakMap<BenchContext, Promise<ContentSetup>>();

/** Ensures the content counts once per run; later calls get the first call's result. */
export function ensureContent(ctx: BenchContext): Promise<ContentSetup> {
  let setup = done.get(ctx);
  if (!setup) {
    setup = create(ctx);
    done.set(ctx, setup);
    setup.catch(() => done.delete(ctx));
  }
  return setup;
}

/** A line for a scenario's notes. */
export const setupNote = (s: ContentSetup) =>
  `data: ${s.blogs} published blogs, ${s.topics} published topics (${s.createdBlogs} + ${s.createdTopics} created through the editor API in ${(s.setupMs / 1000).toFixed(1)} s, shared by the content scenarios)`;
