import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type DbHandle } from '../src/db/index.js';
import { createBackgroundJobs } from '../src/lib/background.js';
import type { Clock } from '../src/lib/clock.js';
import { recorderFromConfig, type RecorderOptions } from '../src/modules/tracking/tracking.seeding.js';
import { withDatabase } from './global-setup.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * A fresh database for one test file, copied or cloned from the migrated template. `openAnother`
 * opens a second connection (pool) to the same database, as another server process would.
 */
export async function createTestDb(): Promise<DbHandle & { dispose: () => Promise<void>; openAnother: () => DbHandle }> {
  const tpl = inject('dbTemplate');
  if (tpl.dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'abhyas-db-'));
    const file = join(dir, 'test.db');
    copyFileSync(tpl.file, file);
    const handle = createDb({ dialect: 'sqlite', file });
    return { ...handle, openAnother: () => createDb({ dialect: 'sqlite', file }), dispose: async () => (await handle.close(), rmSync(dir, { recursive: true, force: true })) };
  }
  const name = `${tpl.template}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: tpl.baseUrl });
  await admin.connect();
  try {
    // Two clones of one template at the same moment can collide on PostgreSQL's template lock; retry briefly.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl.template}`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(tpl.baseUrl, name);
  const handle = createDb({ dialect: 'postgres', url }, undefined, { poolMax: 20 });
  return {
    ...handle,
    openAnother: () => createDb({ dialect: 'postgres', url }, undefined, { poolMax: 20 }),
    dispose: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: tpl.baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The configuration tests run with; fields can be overridden through environment-style values. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), 'abhyas-test-data'),
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    WEB_DIST_DIR: join(tmpdir(), 'abhyas-no-web'),
    ...env,
  });
}

/** A controllable clock that starts at the real time. */
export function testClock(start = Date.now()): Clock & { advance: (ms: number) => void } {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Builds the whole server on a fresh database, exactly as main.ts does, without listening. */
export async function buildTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    extraApiRoutes?: AppDeps['extraApiRoutes'];
    recorderLog?: RecorderOptions['log'];
    onRoute?: AppDeps['onRoute'];
    learning?: AppDeps['learning'];
    contestPayments?: AppDeps['contestPayments'];
    paidEntry?: AppDeps['paidEntry'];
    /** Another server process on the same database (its own connection pool) instead of a fresh database. */
    dbHandle?: DbHandle;
  } = {},
) {
  const given = opts.dbHandle;
  const dbHandle = given
    ? {
        ...given,
        dispose: given.close,
        openAnother: (): DbHandle => {
          throw new Error('Open another connection from the first app’s database');
        },
      }
    : await createTestDb();
  const config = testConfig(opts.env);
  // The same recorder the app would build, held here so a test can write what is queued at once.
  const pageViews = recorderFromConfig(config.tracking, dbHandle.db, opts.recorderLog);
  // Held here so a test can wait for what requests left running (reset mails).
  const jobs = createBackgroundJobs({ warn: () => {} });
  const app = await buildApp(config, {
    dbHandle,
    pageViews,
    jobs,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.extraApiRoutes ? { extraApiRoutes: opts.extraApiRoutes } : {}),
    ...(opts.onRoute ? { onRoute: opts.onRoute } : {}),
    ...(opts.learning ? { learning: opts.learning } : {}),
    ...(opts.contestPayments ? { contestPayments: opts.contestPayments } : {}),
    ...(opts.paidEntry ? { paidEntry: opts.paidEntry } : {}),
  });
  await app.ready();
  return {
    app,
    db: dbHandle.db,
    dbHandle,
    config,
    pageViews,
    jobs,
    close: async () => {
      await app.close();
      await dbHandle.dispose();
    },
  };
}
