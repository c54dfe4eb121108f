import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Attempt } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../test/attempt-factories.js';
import { signedInUser } from '../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../test/helpers.js';

const TOKEN = 'metrics-token-0123456789';
const MIN = 60_000;
const dialect = process.env.TEST_DIALECT;

/** Every family the metrics promise, beside Node's and the process's own. */
const FAMILIES = [
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
  'abhyas_http_request_duration_seconds',
  'abhyas_answer_saves_total',
  'abhyas_attempt_submissions_total',
  'abhyas_attempts_open',
  'abhyas_contest_live_viewers',
  'abhyas_tracking_buffered_page_views',
  'abhyas_db_pool_in_use',
  'abhyas_db_pool_waiting',
  'abhyas_periodic_job_lag_seconds',
  'abhyas_heavy_requests_running',
  'abhyas_heavy_requests_queued',
  'abhyas_heavy_requests_refused_total',
];

/** The value of one sample, found by its name and labels exactly as the text writes them; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

/** GET from the metrics' own listener. */
function fetchFrom(host: string, port: number, path = '/metrics'): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('metrics off (neither METRICS_TOKEN nor METRICS_PORT)', () => {
  it('does not serve /metrics: 404 in the one error shape, like any unknown route', async () => {
    const t = await buildTestApp();
    try {
      const res = await scrape(t, `Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'No route for GET /metrics' });
      expect(t.app.metricsAddress()).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('metrics with METRICS_TOKEN', () => {
  const clock = testClock(Date.UTC(2026, 10, 24, 9, 0, 0));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t.close());

  it('refuses a request without the token, or with a wrong one, 401 in the one error shape and never cached', async () => {
    for (const authorization of [undefined, '', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`, `bearer ${TOKEN}`]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'A valid metrics token is required' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('# TYPE');
    }
    const hindi = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'accept-language': 'hi' } });
    expect(hindi.json().message).toBe('मेट्रिक्स के लिए मान्य टोकन आवश्यक है');
  });

  it('answers the right token with every family in Prometheus text, uncached', async () => {
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const family of FAMILIES) expect(res.body, family).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    expect(sample(res.body, `abhyas_db_pool_in_use{dialect="${dialect}"}`)).toBeGreaterThanOrEqual(0);
    expect(sample(res.body, `abhyas_db_pool_waiting{dialect="${dialect}"}`)).toBe(0);
    expect(sample(res.body, 'abhyas_contest_live_viewers')).toBe(0);
    expect(sample(res.body, 'abhyas_tracking_buffered_page_views')).toBe(0);
    expect(sample(res.body, 'abhyas_periodic_job_lag_seconds{job="submitting overdue attempts"}')).toBeGreaterThanOrEqual(0);
  });

  it('counts saves and submissions by candidate and by server, and open attempts', async () => {
    const before = (await scrape(t, `Bearer ${TOKEN}`)).body;
    const questions = await makeQuestions(t.db, 2, { key: [0] });
    const test = await makeTest(t.db, { durationMinutes: 10, graceSeconds: 0, sections: [{ questionIds: questions.map((q) => q.id), marks: 1, negativeMarks: 0 }] });
    const start = async () => {
      const { auth } = await signedInUser(t.app, t.db);
      const headers = { ...auth, 'x-device-id': 'device-one' };
      const res = await t.app.inject({ method: 'POST', url: `/api/tests/${test.slug}/attempts`, headers });
      expect(res.statusCode).toBe(201);
      return { headers, attempt: res.json().data as Attempt };
    };
    const first = await start();
    const late = await start();
    const open = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(open, 'abhyas_attempts_open')).toBe((sample(before, 'abhyas_attempts_open') ?? 0) + 2);

    for (const [seq, questionId] of questions.map((q, i) => [i + 1, q.id] as const)) {
      const saved = await t.app.inject({ method: 'PUT', url: `/api/attempts/${first.attempt.id}/answers/${questionId}`, headers: first.headers, payload: { optionIds: ['A'], markedForReview: false, seq } });
      expect(saved.statusCode).toBe(200);
    }
    // A save repeating a sequence number changes nothing and is not counted.
    await t.app.inject({ method: 'PUT', url: `/api/attempts/${first.attempt.id}/answers/${questions[0]!.id}`, headers: first.headers, payload: { optionIds: ['B'], markedForReview: false, seq: 1 } });
    expect((await t.app.inject({ method: 'POST', url: `/api/attempts/${first.attempt.id}/submit`, headers: first.headers })).statusCode).toBe(200);
    // Past the end: reading the attempt has the server submit it.
    clock.advance(11 * MIN);
    expect((await t.app.inject({ method: 'GET', url: `/api/attempts/${late.attempt.id}`, headers: late.headers })).statusCode).toBe(200);

    const after = (await scrape(t, `Bearer ${TOKEN}`)).body;
    const grew = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(grew('abhyas_answer_saves_total')).toBe(2);
    expect(grew('abhyas_attempt_submissions_total{by="candidate"}')).toBe(1);
    expect(grew('abhyas_attempt_submissions_total{by="server"}')).toBe(1);
    expect(sample(after, 'abhyas_attempts_open')).toBe(sample(before, 'abhyas_attempts_open') ?? 0);

    // Requests are timed by their route pattern, never the raw address with its ids; the repeated save is a request like any other.
    const saveRoute = 'route="/api/attempts/:id/answers/:questionId",method="PUT",status="200"';
    expect(sample(after, `abhyas_http_request_duration_seconds_count{${saveRoute}}`)).toBe(3 + (sample(before, `abhyas_http_request_duration_seconds_count{${saveRoute}}`) ?? 0));
    expect(after).toMatch(/abhyas_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/attempts\/:id\/answers\/:questionId",method="PUT",status="200"\}/);
    expect(after).not.toContain(first.attempt.id);
    expect(after).not.toContain(questions[0]!.id);
  });

  it('labels requests no route matched as one route, whatever their address', async () => {
    for (const url of ['/no/such/page-1', '/no/such/page-2', '/api/nothing-here']) expect((await t.app.inject(url)).statusCode).toBe(404);
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'abhyas_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}')).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain('page-1');
    expect(text).not.toContain('nothing-here');
  });

  it('still answers when the database is down: the open attempts go without a sample and the failure is counted', async () => {
    const other = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      expect(sample((await scrape(other, `Bearer ${TOKEN}`)).body, 'abhyas_attempts_open')).toBe(0);
      await other.dbHandle.close();
      const res = await scrape(other, `Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/^# TYPE abhyas_attempts_open gauge$/m);
      expect(sample(res.body, 'abhyas_attempts_open')).toBeUndefined();
      expect(sample(res.body, 'abhyas_metrics_source_failures_total{source="open_attempts"}')).toBe(1);
      expect(sample(res.body, 'abhyas_contest_live_viewers')).toBe(0);
      expect(res.body).toMatch(/^process_cpu_seconds_total \d/m);
    } finally {
      await other.close();
    }
  });
});

describe('metrics with METRICS_PORT', () => {
  it('serves them without a token on a listener of 127.0.0.1 only, and not on the main port', async () => {
    const t = await buildTestApp({ env: { METRICS_PORT: '0' } });
    let port = 0;
    try {
      const address = t.app.metricsAddress();
      expect(address).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
      port = address!.port;
      const res = await fetchFrom('127.0.0.1', port);
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
      for (const family of FAMILIES) expect(res.body, family).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
      expect((await fetchFrom('127.0.0.1', port, '/api/health')).status).toBe(404);
      // Not reachable at any other address of this machine.
      const others = Object.values(networkInterfaces())
        .flat()
        .filter((i) => i && !i.internal)
        .map((i) => i!.address);
      for (const host of ['::1', ...others]) await expect(fetchFrom(host, port), host).rejects.toThrow();
      // The main port has no /metrics without METRICS_TOKEN.
      expect((await scrape(t, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    expect(t.app.metricsAddress()).toBeNull();
    await expect(fetchFrom('127.0.0.1', port)).rejects.toThrow();
  });

  it('serves both ways when both are set, from one registry', async () => {
    const t = await buildTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    try {
      await t.app.inject('/api/health');
      const own = await fetchFrom('127.0.0.1', t.app.metricsAddress()!.port);
      const main = await scrape(t, `Bearer ${TOKEN}`);
      expect(main.statusCode).toBe(200);
      const health = 'abhyas_http_request_duration_seconds_count{route="/api/health",method="GET",status="200"}';
      expect(sample(own.body, health)).toBe(1);
      expect(sample(main.body, health)).toBe(1);
    } finally {
      await t.close();
    }
  });
});
