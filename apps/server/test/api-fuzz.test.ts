import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBlog, makeTopic } from './content-factories.js';
import { makeContest } from './contest-factories.js';
import { createUser, signedInUser } from './factories.js';
import { PNG, requestsFor, type Actor, type FuzzRequest, type Operation } from './fuzz/requests.js';
import type { JsonSchema } from './fuzz/schema-values.js';
import { startGeocoderStub } from './geocoder-stub.js';
import { buildTestApp, type TestApp } from './helpers.js';

// A schema-driven fuzzer: for every operation of the API document, requests built from its schemas
// and mutated hostilely, from every kind of caller. No answer may be a 5xx, every 4xx carries the one
// error shape, and a refused request writes nothing. Reproduce with the seed it prints (FUZZ_SEED);
// FUZZ_RUNS sets the number of requests.
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

// What a refused request may write by design: failed sign-ins are recorded to slow guessing; page
// views are recorded (and flushed in the background) whatever the answer; a reverse lookup that finds
// no address caches the miss and spends the geocoder's slot (the `geocoder_next_at` counter).
const WRITTEN_ON_REFUSAL = new Set(['login_attempts', 'page_views', 'page_view_stats', 'geo_cache']);

type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };

let t: TestApp;
let doc: Doc;
let dataDir: string;
let geocoder: Awaited<ReturnType<typeof startGeocoderStub>>;
const tokens: Record<Actor, Record<string, string>> = { none: {}, bogus: { authorization: 'Bearer not.a.token' }, candidate: {}, editor: {}, admin: {} };
const targets: Record<string, string[]> = {};
let fingerprint: () => Promise<string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'abhyas-fuzz-'));
  geocoder = await startGeocoderStub();
  t = await buildTestApp({ env: { DATA_DIR: dataDir, GEOCODER_URL: geocoder.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000000', TRACKING_RATE_LIMIT_PER_MINUTE: '1000000' } });
  doc = (await t.app.inject('/api/openapi.json')).json<Doc>();
  for (const role of ['candidate', 'editor', 'admin'] as const) tokens[role] = (await signedInUser(t.app, t.db, { role })).auth;
  const blogs = [await makeBlog(t.db), await makeBlog(t.db), await makeBlog(t.db, { draft: true })];
  const topics = [await makeTopic(t.db), await makeTopic(t.db), await makeTopic(t.db, { draft: true })];
  const question = await t.app.inject({ method: 'POST', url: '/api/admin/questions', headers: tokens.editor, payload: { type: 'single', stem: 'What is 2 + 2?', options: [{ text: '4', correct: true }, { text: '5', correct: false }] } });
  const ad = await t.app.inject({ method: 'POST', url: '/api/admin/ads', headers: tokens.admin, payload: { title: 'Ad', imageUrl: 'https://example.com/a.png', targetUrl: 'https://example.com', targeting: { national: true } } });
  const media = await t.app.inject({ method: 'POST', url: '/api/admin/media', headers: { ...tokens.editor, 'content-type': 'image/png' }, payload: PNG });
  expect([question.statusCode, ad.statusCode, media.statusCode]).toEqual([201, 201, 201]);
  // Only a bystander's id: the fuzzer must not change the roles of the callers it signs in as.
  const bystander = await createUser(t.db);
  const contests = [await makeContest(t.db), await makeContest(t.db, { priceAmount: 49_900 }), await makeContest(t.db, { published: false })];
  targets.id = [...blogs, ...topics, ...contests].map((c) => c.id).concat(question.json<{ id: string }>().id, ad.json<{ id: string }>().id, bystander.id);
  targets.idOrSlug = contests.flatMap((c) => [c.id, c.slug]);
  targets.slug = [...blogs, ...topics].map((c) => c.slug);
  targets.file = [media.json<{ key: string }>().key];

  const tables = (await t.db.introspection.getTables()).filter((tb) => !WRITTEN_ON_REFUSAL.has(tb.name));
  // Row counts, and the latest change where a table records one, catch inserts, deletes and updates
  // in one round trip; reading whole tables after every request would not fit the time budget.
  const parts = tables.flatMap((tb, i) => [
    `(select count(*) from "${tb.name}") as n${i}`,
    ...(tb.columns.some((c) => c.name === 'updated_at') ? [`(select max("updated_at") from "${tb.name}") as u${i}`] : []),
    ...(tb.name === 'app_counters' ? [`(select sum("value") from "app_counters" where "name" <> 'geocoder_next_at') as v${i}`] : []),
  ]);
  const names = tables.map((tb) => tb.name);
  fingerprint = async () => {
    const row = (await sql.raw<Record<string, unknown>>(`select ${parts.join(', ')}`).execute(t.db)).rows[0]!;
    return names.map((name, i) => `${name}:${String(row[`n${i}`])}/${String(row[`u${i}`] ?? '')}/${String(row[`v${i}`] ?? '')}`).join(' ');
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
  await geocoder?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const excerpt = (s: string | Buffer | undefined, n = 300) => (s === undefined ? '' : (Buffer.isBuffer(s) ? `<${s.length} bytes> ${s.subarray(0, 60).toString('hex')}` : JSON.stringify(s.length > n ? `${s.slice(0, n)}…(${s.length})` : s)));
const describeRequest = (r: FuzzRequest) => `seed ${SEED} (FUZZ_SEED): ${r.method} ${r.url.slice(0, 300)} as ${r.actor} [${r.headers['content-type'] ?? 'no type'}] body ${excerpt(r.payload)}`;

/** The one error shape, and nothing else. */
function errorShapeProblem(status: number, type: string, body: string): string | undefined {
  if (!type.startsWith('application/json')) return `a ${status} answered as ${type}`;
  const e = JSON.parse(body) as Record<string, unknown>;
  const extra = Object.keys(e).filter((k) => !['statusCode', 'code', 'message', 'details'].includes(k));
  if (e.statusCode !== status || typeof e.code !== 'string' || typeof e.message !== 'string' || extra.length) return `not the error shape: ${body.slice(0, 300)}`;
  if (e.details !== undefined && !Array.isArray(e.details)) return `details not a list: ${body.slice(0, 300)}`;
  return undefined;
}

describe('the API under schema-driven hostile requests', () => {
  it(`answers ${RUNS} requests without a 5xx, with the error shape, and writes nothing when it refuses`, async () => {
    const resolve = (ref: string) => doc.components.schemas[ref.replace('#/components/schemas/', '')]!;
    // An event stream that is accepted stays open by design, so `inject` would wait for its end: the
    // stream's refusals are tested with the live leaderboard.
    const streams = (op: unknown) => JSON.stringify((op as { responses?: Record<string, unknown> }).responses?.['200'] ?? {}).includes('text/event-stream');
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => !streams(op)).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));
    const perOperation = Math.ceil(RUNS / operations.length);
    const requests = operations.flatMap(({ path, method, op }, i) => fc.sample(requestsFor(method, path, op, targets, resolve), { seed: SEED + i, numRuns: perOperation }));
    // Interleaved, so that creations, deletions and refusals of different routes meet each other.
    const order = fc.sample(fc.shuffledSubarray(requests.map((_, i) => i), { minLength: requests.length }), { seed: SEED, numRuns: 1 })[0]!;
    const statuses: Record<string, number> = {};
    let before = await fingerprint();
    for (const index of order) {
      const r = requests[index]!;
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers: { ...tokens[r.actor], ...r.headers }, ...(r.payload !== undefined ? { payload: r.payload } : {}), remoteAddress: `10.0.${index % 250}.${(index >> 8) % 250}` });
      const failure = `${describeRequest(r)}\nanswered ${res.statusCode}: ${excerpt(res.body)}`;
      statuses[`${Math.floor(res.statusCode / 100)}xx`] = (statuses[`${Math.floor(res.statusCode / 100)}xx`] ?? 0) + 1;
      expect(res.statusCode, failure).toBeLessThan(500);
      const after = await fingerprint();
      if (res.statusCode >= 400) {
        expect(errorShapeProblem(res.statusCode, String(res.headers['content-type'] ?? ''), res.body), failure).toBeUndefined();
        expect(after, `a refusal wrote: ${failure}`).toBe(before);
      }
      before = after;
    }
    console.log(`fuzz seed ${SEED}: ${requests.length} requests over ${operations.length} operations`, statuses);
    expect(requests.length).toBeGreaterThanOrEqual(RUNS);
    // Enough get through to the handlers: a fuzzer refused at the door tests only the door.
    expect(statuses['2xx'] ?? 0).toBeGreaterThan(requests.length / 20);
  }, 600_000);
});
