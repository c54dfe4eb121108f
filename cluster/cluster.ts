/**
 * Two processes of the built server on one fresh PostgreSQL database and one Redis, as a national
 * deployment runs them (docs/PRODUCT.md §9), with the test's own view of the database. Both start at
 * once on the empty database, so every file also proves that concurrent start-ups migrate it safely.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dropPostgres, freshPostgres, openReader, type DbReader } from '../bench/lib/database.js';
import { logTail, startServer, stopServer, type ServerProcess } from '../bench/lib/server.js';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');

export const ADMIN = { email: 'admin@cluster.test', password: 'cluster-admin-1' };

export type Cluster = {
  a: ServerProcess;
  b: ServerProcess;
  /** SQL on the shared database, `?` placeholders: for effects the API does not show. */
  sql: DbReader;
  stop(): Promise<void>;
};

/** The PostgreSQL and Redis the cluster runs on: both are required, and their absence fails the run. */
export function services(): { postgres: string; redis: string } {
  const postgres = process.env.DATABASE_URL_TEST;
  const redis = process.env.REDIS_URL_TEST;
  if (!postgres || !redis) {
    throw new Error(
      'The cluster tests run two server processes on PostgreSQL and Redis: set DATABASE_URL_TEST (e.g. postgres://postgres@127.0.0.1:5432/postgres) ' +
        'and REDIS_URL_TEST (e.g. redis://127.0.0.1:6379). CI sets both when the services answer.',
    );
  }
  if (!existsSync(SERVER_ENTRY)) throw new Error('The cluster tests run the built server: run `npm run build` first (npm test does this).');
  return { postgres, redis };
}

/**
 * Starts processes `a` and `b` together on a new database. Every request a test makes names its own
 * client address (X-Forwarded-For from the loopback proxy the processes trust), so the per-address
 * limits it meets in the shared Redis are its own, whatever else runs against that Redis.
 */
export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const { postgres, redis } = services();
  const name = `abhyas_cluster_${process.pid}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await freshPostgres(postgres, name);
  const dir = mkdtempSync(join(tmpdir(), 'abhyas-cluster-'));
  const shared = {
    APP_ENV: 'development',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: join(dir, 'no-web'),
    TZ: 'UTC',
    ...env,
  };
  const start = (label: 'a' | 'b') =>
    startServer({
      name: `process ${label}`,
      script: SERVER_ENTRY,
      cwd: ROOT,
      env: { ...shared, DATA_DIR: join(dir, label) },
      readyPath: '/api/health/ready',
      logFile: join(dir, `${label}.log`),
      readyTimeoutMs: 60_000,
    });
  const started = await Promise.allSettled([start('a'), start('b')]);
  const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const cleanUp = async () => {
    await Promise.all(up.map((p) => stopServer(p, 5_000)));
    await dropPostgres(postgres, name);
    rmSync(dir, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await cleanUp();
    throw (failed as PromiseRejectedResult).reason;
  }
  const sql = await openReader(databaseUrl);
  const [a, b] = up as [ServerProcess, ServerProcess];
  return {
    a,
    b,
    sql,
    async stop() {
      await sql.close();
      await cleanUp();
    },
  };
}

/** The last lines each process logged, for a failure's message. */
export const logsOf = (c: Cluster) => `${c.a.name}:\n${logTail(c.a.logFile)}\n${c.b.name}:\n${logTail(c.b.logFile)}`;

/** Polls `check` until it holds and answers the milliseconds that took; throws after `timeoutMs`. */
export async function within(timeoutMs: number, check: () => Promise<boolean>, everyMs = 25): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
