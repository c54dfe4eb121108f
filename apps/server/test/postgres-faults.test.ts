import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/db/errors.js';
import { signedInUser } from './factories.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { databaseName, refuseConnections, sleep, terminateBackends, timeUntil } from './postgres-admin.js';
import { browserRecord, storedViews, track } from './tracking.js';

type LogLine = { level: 'info' | 'warn' | 'error'; obj: Record<string, unknown>; msg: string };

/** A logger for the page-view recorder that keeps every line it is given. */
function captureLog() {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (obj: object, msg: string) => void lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

/** The 503 every route answers while the database is away: the one error shape, and when to retry. */
function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const body = res.json<Record<string, unknown>>();
  expect(body).toEqual({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
}

const health = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/health/ready' });

describe.skipIf(process.env.TEST_DIALECT !== 'postgres')('PostgreSQL faults', () => {
  // An error event nobody listens to is an uncaught exception: in a server, the end of the process.
  const escaped: unknown[] = [];
  const onEscape = (err: unknown) => void escaped.push(err);
  let t: TestApp | undefined;
  let database = '';
  beforeEach(() => {
    escaped.length = 0;
    process.on('uncaughtException', onEscape);
  });
  afterEach(async () => {
    process.off('uncaughtException', onEscape);
    if (database) await refuseConnections(database, false);
    await t?.close();
    t = undefined;
    database = '';
  });

  async function start(opts: Parameters<typeof buildTestApp>[0] = {}) {
    t = await buildTestApp(opts);
    database = await databaseName(t.db);
    return t;
  }

  it('a connection broken while checked out fails its own query only; the pool opens a new one', async () => {
    const app = await start();
    // Inside a transaction the connection stays checked out between queries, where pg-pool does not listen to it.
    const broken = app.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      expect(await terminateBackends(database)).toBeGreaterThan(0);
      await sleep(200);
      await sql`select 1`.execute(trx);
    });
    const err = await broken.then(() => null, (e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(escaped).toEqual([]);
    const res = await health(app);
    expect(res.statusCode).toBe(200);
  });

  it('under load, terminated backends cost 503s at most, and readiness is 200 again within 5 s', async () => {
    const app = await start();
    const { auth } = await signedInUser(app.app, app.db);
    const answers: LightMyRequestResponse[] = [];
    let stop = false;
    const client = async () => {
      while (!stop) {
        answers.push(await app.app.inject({ method: 'GET', url: '/api/health/ready' }));
        answers.push(await app.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth }));
      }
    };
    const clients = Array.from({ length: 8 }, client);
    let terminated = 0;
    const recoveries: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      await sleep(300);
      terminated += await terminateBackends(database);
      recoveries.push(await timeUntil(async () => (await health(app)).statusCode === 200, 5000));
    }
    stop = true;
    await Promise.all(clients);

    expect(terminated).toBeGreaterThan(3);
    expect(escaped).toEqual([]);
    expect(answers.length).toBeGreaterThan(50);
    for (const res of answers) {
      if (res.statusCode !== 200) expectUnavailable(res);
    }
    expect(Math.max(...recoveries)).toBeLessThan(5000);
    console.info(`backend termination: ${terminated} backends, ${answers.filter((r) => r.statusCode === 503).length} of ${answers.length} answers 503, health 200 again after ${recoveries.join(', ')} ms`);
  });

  it('an outage answers 503 with Retry-After, keeps accepted page views and writes them all when the database is back', async () => {
    const { lines, log } = captureLog();
    const app = await start({ env: { TRACKING_FLUSH_INTERVAL: '100ms' }, recorderLog: log });
    const { auth } = await signedInUser(app.app, app.db);

    await refuseConnections(database, true);
    const outageStarted = performance.now();
    expectUnavailable(await health(app));
    expectUnavailable(await app.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth }));
    expectUnavailable(await app.app.inject({ method: 'GET', url: '/api/admin/users', headers: auth }));
    const accepted = 40;
    for (let i = 0; i < accepted; i += 1) {
      const res = await track(app.app, browserRecord({ path: `/outage/${i}` }));
      expect(res.statusCode).toBe(204);
    }
    // Well past the three tries after which batches used to be thrown away.
    await sleep(2500);
    expectUnavailable(await health(app));

    await refuseConnections(database, false);
    const outageMs = Math.round(performance.now() - outageStarted);
    const healthyAfter = await timeUntil(async () => (await health(app)).statusCode === 200, 5000);
    const storedAfter = await timeUntil(async () => (await storedViews(app.db)).length >= accepted, 10_000, 100);

    const stored = await storedViews(app.db);
    expect(stored.map((v) => v.path).sort()).toEqual(Array.from({ length: accepted }, (_, i) => `/outage/${i}`).sort());
    expect(lines.filter((l) => l.level === 'warn' && /database unavailable/.test(l.msg))).toHaveLength(1);
    expect(lines.find((l) => l.level === 'info' && /database back/.test(l.msg))?.obj).toMatchObject({ written: accepted });
    expect(lines.filter((l) => /dropped/.test(l.msg) || l.level === 'error')).toEqual([]);
    expect(escaped).toEqual([]);
    console.info(`outage of ${outageMs} ms: health 200 after ${healthyAfter} ms, ${accepted} of ${accepted} page views stored ${storedAfter} ms after the database returned`);
  });

  it('past TRACKING_BUFFER_MAX the oldest waiting page views are dropped, counted and logged once per interval', async () => {
    const { lines, log } = captureLog();
    const app = await start({ env: { TRACKING_FLUSH_INTERVAL: '100ms', TRACKING_BUFFER_MAX: '10' }, recorderLog: log });
    await refuseConnections(database, true);
    const accepted = 25;
    for (let i = 0; i < accepted; i += 1) {
      expect((await track(app.app, browserRecord({ path: `/bound/${i}` }))).statusCode).toBe(204);
    }
    await sleep(300);
    await refuseConnections(database, false);
    await timeUntil(async () => (await storedViews(app.db)).length >= 10, 10_000, 100);
    await sleep(300);

    const stored = await storedViews(app.db);
    const dropWarnings = lines.filter((l) => l.level === 'warn' && /dropped/.test(l.msg));
    const dropped = dropWarnings.reduce((sum, l) => sum + Number(l.obj.dropped), 0);
    // Every accepted page view is accounted for: stored, or dropped and counted in the log.
    expect(stored).toHaveLength(10);
    expect(dropped).toBe(accepted - 10);
    expect(dropWarnings.length).toBeLessThan(5);
    expect(dropWarnings.at(-1)?.obj).toMatchObject({ droppedSinceStart: accepted - 10, bufferMax: 10 });
    // The last page views accepted are among those kept.
    expect(stored.map((v) => v.path)).toContain(`/bound/${accepted - 1}`);
  });
});
