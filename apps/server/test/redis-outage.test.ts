import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Db, DbHandle } from '../src/db/index.js';
import { createBackgroundJobs } from '../src/lib/background.js';
import { createRedisClient, watchRedis } from '../src/lib/redis-fallback.js';
import { makeQuestion, makeTest } from './attempt-factories.js';
import { makeContest } from './contest-factories.js';
import { createUser, PASSWORD } from './factories.js';
import { createTestDb, testConfig } from './helpers.js';
import { enter, makeContest as makeLiveContest, startContestAttempt } from './live-factories.js';
import { openSse } from './sse-client.js';
import { closedPort, tcpProxy, type TcpProxy } from './tcp-proxy.js';

const redisUrl = process.env.REDIS_URL_TEST;
/** Reset-link requests an address may make a minute, in every test here. */
const LIMIT = 3;

let lastIp = 0;
const group = () => Math.floor(Math.random() * 0x10000).toString(16);
/** This run's addresses: a random IPv6 range, so that runs sharing one Redis (both dialects at once) never share a counter. */
const run = `fd00:${group()}:${group()}`;
/** A new client address for each budget (a /64 of its own: limits count an IPv6 client by its /64). */
const freshIp = () => `${run}:${(lastIp += 1).toString(16)}::1`;

type ServerProcess = { app: FastifyInstance; close: () => Promise<void> };

/** A server process as main.ts builds it, with Redis at `url`. */
async function serverProcess(dbHandle: DbHandle, url: string): Promise<ServerProcess> {
  const redis = await createRedisClient(url);
  const jobs = createBackgroundJobs({ warn: () => {} });
  const app = await buildApp(testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) }), { dbHandle, redis, jobs });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await jobs.drain();
      redis.disconnect();
    },
  };
}

const health = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return { statusCode: res.statusCode, body: res.json() };
};

async function until(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not come true in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const ready = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
  return { statusCode: res.statusCode, body: res.json() };
};
const redisStatus = (status: string) => async (app: FastifyInstance) => until(async () => (await health(app)).body.redis.status === status);

/** A new candidate signed in from an address of their own; answers their Authorization header. */
async function signInFresh(app: FastifyInstance, db: Db, name: string) {
  const user = await createUser(db, { name });
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD }, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  return { user, auth: { authorization: `Bearer ${res.json().token}` } };
}

/** Sign-in, registration, a reset-link request, an answer save and a contest join, each with its normal status. */
async function everyRouteAnswers(app: FastifyInstance, db: Db) {
  const email = `outage.${Date.now()}.${(lastIp += 1)}@example.com`;
  const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Meera Iyer', email, password: PASSWORD }, remoteAddress: freshIp() });
  expect(registered.statusCode).toBe(201);
  const { user, auth } = await signInFresh(app, db, 'Kabir Das');
  const headers = { ...auth, 'x-device-id': 'desk' };
  const forgot = await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: user.email }, remoteAddress: freshIp() });
  expect(forgot.statusCode).toBe(202);

  const question = await makeQuestion(db);
  const test = await makeTest(db, { sections: [{ questionIds: [question.id] }] });
  const attempt = await app.inject({ method: 'POST', url: `/api/tests/${test.slug}/attempts`, headers });
  expect(attempt.statusCode).toBe(201);
  const save = await app.inject({
    method: 'PUT',
    url: `/api/attempts/${attempt.json().data.id}/answers/${question.id}`,
    headers,
    payload: { optionIds: ['A'], markedForReview: false, seq: 1 },
  });
  expect(save.statusCode).toBe(200);

  const contest = await makeContest(db);
  expect((await app.inject({ method: 'POST', url: `/api/contests/${contest.id}/join`, headers })).statusCode).toBe(200);
}

/** Reset-link requests from one new address, the n-th sent to `apps[n % apps.length]`: their statuses. */
async function forgotFromOneAddress(apps: FastifyInstance[], times: number) {
  const ip = freshIp();
  const codes: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const res = await apps[i % apps.length]!.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'nobody@example.com' }, remoteAddress: ip });
    codes.push(res.statusCode);
  }
  return codes;
}

/** Lines ioredis prints for an 'error' event nobody listens to. */
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  const unheard = consoleError.mock.calls.filter((args) => String(args[0]).includes('ioredis'));
  consoleError.mockRestore();
  expect(unheard).toEqual([]);
});

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('Redis unreachable from the start', () => {
  it('keeps every route answering, limits per process, and says so in /api/health', async () => {
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const p = await serverProcess(dbHandle, `redis://127.0.0.1:${await closedPort()}`);
    cleanups.push(p.close);

    await everyRouteAnswers(p.app, dbHandle.db);
    expect(await forgotFromOneAddress([p.app], LIMIT + 1)).toEqual([202, 202, 202, 429]);

    const { statusCode, body } = await health(p.app);
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({ status: 'degraded', redis: { status: 'degraded', outages: 1 } });
    expect(body.redis.fallbacks).toBeGreaterThan(LIMIT);
    // Alive, but not ready: a checker sends the work to a process that can share its limits.
    expect(await ready(p.app)).toEqual({ statusCode: 503, body: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Redis is unreachable' } });
  });

  it('reports Redis as off, and health as ok, without REDIS_URL', async () => {
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const app = await buildApp(testConfig(), { dbHandle });
    cleanups.push(() => app.close());
    const { statusCode, body } = await health(app);
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({ status: 'ok', redis: { status: 'off', outages: 0, fallbacks: 0 } });
    expect(await ready(app)).toMatchObject({ statusCode: 200, body: { status: 'ok', redis: { status: 'off', latencyMs: null } } });
  });
});

describe.skipIf(!redisUrl)('Redis cut while the server runs', () => {
  let proxy: TcpProxy;
  const target = () => {
    const u = new URL(redisUrl!);
    return { host: u.hostname, port: Number(u.port || 6379) };
  };

  it('falls back to each process’s own counters during the outage and shares them again after it', async () => {
    proxy = await tcpProxy(target());
    cleanups.push(() => proxy.close());
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const processes: ServerProcess[] = [];
    for (let i = 0; i < 2; i += 1) {
      const p = await serverProcess(dbHandle, `redis://127.0.0.1:${proxy.port}`);
      cleanups.push(p.close);
      processes.push(p);
    }
    const [a, b] = processes.map((p) => p.app) as [FastifyInstance, FastifyInstance];
    expect((await health(a)).body).toMatchObject({ status: 'ok', redis: { status: 'ok', outages: 0 } });
    // One budget for both processes while Redis is there.
    expect(await forgotFromOneAddress([a, b], LIMIT + 1)).toEqual([202, 202, 202, 429]);

    await proxy.cut();
    await Promise.all([a, b].map(redisStatus('degraded')));
    await everyRouteAnswers(a, dbHandle.db);
    await everyRouteAnswers(b, dbHandle.db);
    const during = await health(a);
    expect(during.statusCode).toBe(200);
    expect(during.body).toMatchObject({ status: 'degraded', redis: { status: 'degraded', outages: 1 } });
    expect((await ready(a)).body).toMatchObject({ statusCode: 503, message: 'Redis is unreachable' });
    // Each process limits on its own: an address gets a budget in each.
    const ip = freshIp();
    const fromA: number[] = [];
    const fromB: number[] = [];
    for (const [app, codes] of [[a, fromA], [b, fromB]] as const) {
      for (let i = 0; i <= LIMIT; i += 1) {
        codes.push((await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'nobody@example.com' }, remoteAddress: ip })).statusCode);
      }
    }
    expect(fromA).toEqual([202, 202, 202, 429]);
    expect(fromB).toEqual([202, 202, 202, 429]);

    await proxy.restore();
    await Promise.all([a, b].map(redisStatus('ok')));
    expect(await forgotFromOneAddress([a, b], LIMIT + 1)).toEqual([202, 202, 202, 429]);
    expect((await health(b)).body).toMatchObject({ status: 'ok', redis: { status: 'ok', outages: 1 } });
    expect(await ready(b)).toMatchObject({ statusCode: 200, body: { status: 'ok', database: { status: 'ok' }, redis: { status: 'ok', latencyMs: expect.any(Number) } } });
  }, 30_000);

  it('stops waiting for a Redis that no longer answers, and shares again once it does', async () => {
    proxy = await tcpProxy(target());
    cleanups.push(() => proxy.close());
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const processes: ServerProcess[] = [];
    for (let i = 0; i < 2; i += 1) {
      const p = await serverProcess(dbHandle, `redis://127.0.0.1:${proxy.port}`);
      cleanups.push(p.close);
      processes.push(p);
    }
    const [a, b] = processes.map((p) => p.app) as [FastifyInstance, FastifyInstance];

    proxy.stall();
    const started = Date.now();
    // The first request waits out one command (a second), the rest do not wait at all.
    expect(await forgotFromOneAddress([a], LIMIT + 1)).toEqual([202, 202, 202, 429]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await health(a)).body).toMatchObject({ status: 'degraded', redis: { status: 'degraded', outages: 1 } });

    proxy.resume();
    // Requests try Redis again (one a second) until one is answered.
    for (const app of [a, b]) {
      await until(async () => (await forgotFromOneAddress([app], 1), (await health(app)).body.redis.status === 'ok'));
    }
    expect(await forgotFromOneAddress([a, b], LIMIT + 1)).toEqual([202, 202, 202, 429]);
  }, 30_000);

  it('keeps a live board live for the viewers of the process that took the answers', async () => {
    proxy = await tcpProxy(target());
    cleanups.push(() => proxy.close());
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const { app, close } = await serverProcess(dbHandle, `redis://127.0.0.1:${proxy.port}`);
    cleanups.push(close);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const db = dbHandle.db;

    const contest = await makeLiveContest(db, { startsAt: Date.now() - 60_000 });
    const player = await signInFresh(app, db, 'Zoya Ali');
    await enter(db, contest, player.user);
    const attemptId = await startContestAttempt({ db, clock: { now: Date.now } }, contest, player.user.id);
    const watcher = await signInFresh(app, db, 'Ravi Nair');
    await proxy.cut();
    await redisStatus('degraded')(app);

    const client = await openSse(`http://127.0.0.1:${port}/api/contests/${contest.id}/leaderboard/stream`, watcher.auth);
    try {
      expect((await client.next(() => true)).rows[0]).toMatchObject({ name: 'Zoya A.', state: 'playing' });
      const at = Date.now();
      for (const [i, q] of contest.questionIds.entries()) {
        const res = await app.inject({ method: 'PUT', url: `/api/attempts/${attemptId}/answers/${q}`, headers: player.auth, payload: { optionIds: ['A'], markedForReview: false, seq: i + 1 } });
        expect(res.statusCode).toBe(200);
      }
      expect((await app.inject({ method: 'POST', url: `/api/attempts/${attemptId}/submit`, headers: player.auth })).statusCode).toBe(200);
      const updated = await client.next((x) => x.rows[0]?.state === 'submitted', { from: client.boards.length - 1 });
      expect(Date.now() - at).toBeLessThan(2_000);
      expect(updated.rows[0]).toMatchObject({ name: 'Zoya A.', score: 3, rank: 1 });
    } finally {
      client.close();
    }
  }, 30_000);

  it('logs an outage once however many reconnections fail, and its end once', async () => {
    proxy = await tcpProxy(target());
    cleanups.push(() => proxy.close());
    const client = await createRedisClient(`redis://127.0.0.1:${proxy.port}`);
    cleanups.push(async () => client.disconnect());
    const log = { warn: vi.fn(), info: vi.fn() };
    const link = watchRedis(client, log);
    await link.settled(3_000);
    expect(link.health().status).toBe('ok');

    let reconnections = 0;
    client.on('reconnecting', () => (reconnections += 1));
    await proxy.cut();
    await until(async () => reconnections >= 4);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(link.available()).toBe(false);
    // A command while disconnected fails at once rather than waiting for Redis.
    const started = Date.now();
    await expect(client.ping()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(200);

    await proxy.restore();
    await until(async () => link.health().status === 'ok');
    expect(log.info).toHaveBeenCalledTimes(1);
    await proxy.cut();
    await until(async () => link.health().status === 'degraded');
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(link.health().outages).toBe(2);
  }, 20_000);
});
