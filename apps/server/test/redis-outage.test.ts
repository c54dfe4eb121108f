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
import { closedPort, tcpProxy, type TcpProxy } from './tcp-proxy.js';

const redisUrl = process.env.REDIS_URL_TEST;
/** Reset-link requests an address may make a minute, in every test here. */
const LIMIT = 3;

let lastIp = 0;
const run = Math.floor(Math.random() * 200) + 20;
/** A new client address for each budget, unused by earlier runs against the same Redis. */
const freshIp = () => ((lastIp += 1), `10.${run}.${Math.floor(lastIp / 250)}.${lastIp % 250}`);

type ServerProcess = { app: FastifyInstance; close: () => Promise<void> };

/** A server process as main.ts builds it, with Redis at `url`. */
async function serverProcess(dbHandle: DbHandle, url: string): Promise<ServerProcess> {
  const redis = createRedisClient(url);
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
const redisStatus = (status: string) => async (app: FastifyInstance) => until(async () => (await health(app)).body.redis.status === status);

/** Sign-in, registration, a reset-link request, an answer save and a contest join, each with its normal status. */
async function everyRouteAnswers(app: FastifyInstance, db: Db) {
  const email = `outage.${freshIp()}@example.com`;
  const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Meera Iyer', email, password: PASSWORD }, remoteAddress: freshIp() });
  expect(registered.statusCode).toBe(201);
  const user = await createUser(db);
  const signedIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD }, remoteAddress: freshIp() });
  expect(signedIn.statusCode).toBe(200);
  const headers = { authorization: `Bearer ${signedIn.json().token}`, 'x-device-id': 'desk' };
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
    expect(body).toMatchObject({ status: 'degraded', database: { status: 'ok' }, redis: { status: 'degraded', outages: 1 } });
    expect(body.redis.fallbacks).toBeGreaterThan(LIMIT);
  });

  it('reports Redis as off, and health as ok, without REDIS_URL', async () => {
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const app = await buildApp(testConfig(), { dbHandle });
    cleanups.push(() => app.close());
    const { statusCode, body } = await health(app);
    expect(statusCode).toBe(200);
    expect(body).toMatchObject({ status: 'ok', redis: { status: 'off', outages: 0, fallbacks: 0 } });
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
  }, 30_000);

  it('logs an outage once however many reconnections fail, and its end once', async () => {
    proxy = await tcpProxy(target());
    cleanups.push(() => proxy.close());
    const client = createRedisClient(`redis://127.0.0.1:${proxy.port}`);
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
