import closeWithGrace from 'close-with-grace';
import { APP } from '@abhyas/contracts';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './demo/index.js';
import { systemClock } from './lib/clock.js';
import { createRedisClient } from './lib/redis-fallback.js';
import { ensureAdmin } from './modules/auth/auth.service.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // Lost database connections are reported in the app's log once it exists, on stderr before.
  const dbLog = { warn: (obj: object, msg: string) => console.warn(msg, obj) };
  const dbHandle = createDb(config.db, dbLog);
  const applied = await migrateToLatest(dbHandle.db);
  const seeded = config.seedDemo ? await seedDemo(dbHandle.db, systemClock) : null;
  const admin = config.admin ? await ensureAdmin({ db: dbHandle.db, clock: systemClock }, config.admin) : null;
  // Connected by buildApp once it listens for the connection's errors; an unreachable Redis never stops the server.
  const redis = config.redisUrl ? createRedisClient(config.redisUrl) : undefined;

  const app = await buildApp(config, { dbHandle, ...(redis ? { redis } : {}) });
  dbLog.warn = (obj, msg) => app.log.warn(obj, msg);
  app.log.info({ dialect: dbHandle.dialect, migrationsApplied: applied, seeded, admin }, 'database ready');

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await dbHandle.close();
    redis?.disconnect();
  });

  await app.listen({ port: config.http.port, host: config.http.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.http.port;
  const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.http.host) ? 'localhost' : config.http.host;
  console.log(`\n  ${APP.name} ${APP.version} is running at http://${shownHost}:${port}\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Abhyas failed to start:', err);
  process.exit(1);
});
