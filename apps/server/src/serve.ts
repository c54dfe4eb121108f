import cluster from 'node:cluster';
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { APP } from '@abhyas/contracts';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { createDb, type DbHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoOnStart } from './demo/seed-process.js';
import { systemClock } from './lib/clock.js';
import { createRedisClient } from './lib/redis-fallback.js';
import { ensureAdmin } from './modules/auth/auth.service.js';

/** The message the cluster's primary sends a worker to stop it as a signal would (cluster.ts). */
export const SHUTDOWN_MESSAGE = 'abhyas:shutdown';

/** Migrations, the demo seed and the configured administrator: once per start, before any process serves. */
export async function prepareDatabase(config: Config, dbHandle: DbHandle) {
  const migrationsApplied = await migrateToLatest(dbHandle.db);
  const seeded = config.seedDemo ? await seedDemoOnStart(config.db, dbHandle.db) : null;
  const admin = config.admin ? await ensureAdmin({ db: dbHandle.db, clock: systemClock }, config.admin) : null;
  return { migrationsApplied, seeded, admin };
}

/** The line a person starting the server reads. */
export function announce(config: Config, port: number): void {
  const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.http.host) ? 'localhost' : config.http.host;
  console.log(`\n  ${APP.name} ${APP.version} is running at http://${shownHost}:${port}\n`);
}

/**
 * One serving process: the whole server, or a cluster worker (`prepared`: the primary has prepared
 * the database, and announces the address itself). On SIGTERM or SIGINT (or the primary's message)
 * it drains (app.drain(): readiness fails, answers close their connections, everything is still
 * served) for `config.shutdown.drainMs`, then closes: in-flight answers finish and live-board viewers
 * are told to reconnect; past `graceMs` it exits anyway.
 */
export async function serve(config: Config, opts: { prepared: boolean }): Promise<void> {
  // Lost database connections are reported in the app's log once it exists, on stderr before.
  const dbLog = { warn: (obj: object, msg: string) => console.warn(msg, obj) };
  const dbHandle = createDb(config.db, dbLog);
  const prepared = opts.prepared ? null : await prepareDatabase(config, dbHandle);
  // Connected by buildApp once it listens for the connection's errors; an unreachable Redis never stops the server.
  const redis = config.redisUrl ? await createRedisClient(config.redisUrl) : undefined;

  const app = await buildApp(config, { dbHandle, ...(redis ? { redis } : {}) });
  dbLog.warn = (obj, msg) => app.log.warn(obj, msg);
  if (prepared) app.log.info({ dialect: dbHandle.dialect, ...prepared }, 'database ready');

  let stopping = false;
  const grace = closeWithGrace({ delay: config.shutdown.graceMs }, async ({ signal, err }) => {
    stopping = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else {
      app.log.info({ signal: signal ?? 'primary', drainMs: config.shutdown.drainMs }, 'shutting down: draining');
      app.drain();
      await sleep(config.shutdown.drainMs);
    }
    await app.close();
    await dbHandle.close();
    redis?.disconnect();
  });
  if (cluster.isWorker) {
    process.on('message', (message) => {
      if (message === SHUTDOWN_MESSAGE && !stopping) void grace.close();
    });
  }

  await app.listen({ port: config.http.port, host: config.http.host });
  if (cluster.isWorker) return;
  const address = app.server.address();
  announce(config, typeof address === 'object' && address ? address.port : config.http.port);
}
