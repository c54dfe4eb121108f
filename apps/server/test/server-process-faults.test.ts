import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup.js';
import { createTestDb, TEST_JWT_SECRET } from './helpers.js';
import { databaseName, sleep, terminateBackends, timeUntil } from './postgres-admin.js';

const REPO = resolve(fileURLToPath(import.meta.url), '../../../..');

/**
 * The server as it is deployed, in a process of its own: the defect this guards against is the
 * process exiting, which only a separate process can show.
 */
describe.skipIf(process.env.TEST_DIALECT !== 'postgres')('the server process on PostgreSQL', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  let database: string;
  let server: ChildProcess;
  let output = '';
  let base = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'abhyas-faults-'));

  beforeAll(async () => {
    handle = await createTestDb();
    database = await databaseName(handle.db);
    const tpl = inject('dbTemplate');
    if (tpl.dialect !== 'postgres') throw new Error('only on the PostgreSQL lane');
    server = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO,
      env: {
        ...process.env,
        DATABASE_URL: withDatabase(tpl.baseUrl, database),
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    await timeUntil(async () => {
      if (server.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
      const port = /is running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) base = `http://127.0.0.1:${port}`;
      return Boolean(port);
    }, 30_000);
  }, 40_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await once(server, 'exit');
    }
    await handle?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const expectRunning = () => expect({ exitCode: server.exitCode, signal: server.signalCode }, output.slice(-2000)).toEqual({ exitCode: null, signal: null });

  it('keeps serving through terminated backends under load, and shuts down cleanly afterwards', async () => {
    const statuses: Record<string, number> = {};
    const count = (key: string) => void (statuses[key] = (statuses[key] ?? 0) + 1);
    let stop = false;
    const client = async () => {
      while (!stop) {
        try {
          const res = await fetch(`${base}/api/health/ready`);
          const body = (await res.json()) as { code?: string };
          count(res.status === 503 ? `503 ${body.code} retry-after ${res.headers.get('retry-after')}` : String(res.status));
        } catch (err) {
          count(`failed: ${(err as { cause?: { code?: string } }).cause?.code ?? String(err)}`);
          await sleep(50);
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    const recoveries: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      await sleep(500);
      expectRunning();
      expect(await terminateBackends(database)).toBeGreaterThan(0);
      recoveries.push(await timeUntil(async () => (await fetch(`${base}/api/health/ready`).catch(() => null))?.status === 200, 5000).catch(() => Infinity));
    }
    await sleep(500);
    stop = true;
    await Promise.all(clients);

    expectRunning();
    expect(Object.keys(statuses).filter((s) => s !== '200' && s !== '503 SERVICE_UNAVAILABLE retry-after 5')).toEqual([]);
    expect(Math.max(...recoveries)).toBeLessThan(5000);
    // The lost connections are logged, as a warning, and the server goes on.
    await timeUntil(async () => output.includes('database connection lost'), 3000);
    expect(output).not.toMatch(/shutting down after an error/);
    console.info(`server process: ${JSON.stringify(statuses)}; health 200 again after ${recoveries.join(', ')} ms`);

    server.kill('SIGTERM');
    const [code] = (await once(server, 'exit')) as [number | null];
    expect(code).toBe(0);
  }, 20_000);
});
