import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup.js';
import { createTestDb } from './helpers.js';
import { findNginx, startNginx } from './nginx.js';
import { databaseName, sleep, timeUntil } from './postgres-admin.js';
import { getOnce, startServerProcess, type ServerProcess } from './server-process.js';

const postgres = process.env.TEST_DIALECT === 'postgres';
const redisUrl = process.env.REDIS_URL_TEST;

/**
 * The example proxy configuration (deploy/nginx.conf) in front of two real server processes on one
 * PostgreSQL database and one Redis: both get requests, and a process stopped with SIGTERM under
 * load costs no request.
 */
describe.skipIf(!postgres)('deploy/nginx.conf in front of two processes', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('spreads requests over both and loses none while one stops', async () => {
    const nginx = findNginx();
    if (!nginx) throw new Error('nginx is not installed: this test runs the example proxy configuration for real (apt-get install nginx-light; .ci/run installs it)');
    const handle = await createTestDb();
    cleanups.push(() => handle.dispose());
    const tpl = inject('dbTemplate');
    if (tpl.dialect !== 'postgres') throw new Error('only on the PostgreSQL lane');
    const env = {
      DATABASE_URL: withDatabase(tpl.baseUrl, await databaseName(handle.db)),
      SHUTDOWN_DRAIN: '1s',
      TRUST_PROXY: '127.0.0.1',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
    const [a, b] = (await Promise.all([startServerProcess(env), startServerProcess(env)])) as [ServerProcess, ServerProcess];
    cleanups.push(a.dispose, b.dispose);
    const proxy = await startNginx(nginx, [a.port, b.port]);
    cleanups.push(proxy.stop);
    await timeUntil(async () => (await getOnce(proxy.port, '/api/health').catch(() => null))?.status === 200, 10_000);

    const served = (p: ServerProcess) => p.logLines().filter((l) => l.msg === 'request completed').length;
    for (let i = 0; i < 10; i += 1) expect((await getOnce(proxy.port, '/api/health/ready')).status).toBe(200);
    await timeUntil(async () => served(a) + served(b) >= 11, 5_000);
    expect([served(a) > 0, served(b) > 0]).toEqual([true, true]);

    // Clients through the proxy, on kept-alive connections and fresh ones, while A stops.
    const statuses: Record<string, number> = {};
    let stop = false;
    const paths = ['/api/health/ready', '/api/tests', '/api/health'];
    const client = async (n: number) => {
      for (let i = 0; !stop; i += 1) {
        const path = paths[(n + i) % paths.length]!;
        const key = await fetch(`http://127.0.0.1:${proxy.port}${path}`).then(
          async (res) => (await res.arrayBuffer(), `${res.status}`),
          (err: unknown) => `failed: ${String((err as { cause?: unknown }).cause ?? err)}`,
        );
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    };
    const clients = Array.from({ length: 4 }, (_, n) => client(n));
    await sleep(500);
    const before = served(b);
    const stopped = await a.stop('SIGTERM', 15_000);
    await sleep(500);
    stop = true;
    await Promise.all(clients);

    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(a.output()).toContain('shutting down: draining');
    expect(statuses, proxy.errors()).toEqual({ '200': expect.any(Number) });
    expect(served(b)).toBeGreaterThan(before);
    console.info(`through nginx while one of two processes stopped: ${statuses['200']} answers, all 200, in ${stopped.ms} ms of stopping`);
  }, 90_000);
});
