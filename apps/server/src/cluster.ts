import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createDb } from './db/index.js';
import { createLogger } from './lib/logger.js';
import { announce, prepareDatabase, SHUTDOWN_MESSAGE } from './serve.js';

/** A worker that dies within this long of its start counts as failing, and the next restart waits longer. */
const HEALTHY_AFTER_MS = 30_000;
const RESTART_MAX_MS = 30_000;

/** 0 for the first failure in a row, then 1 s, 2 s, 4 s… up to 30 s. */
export function restartDelay(failuresInARow: number): number {
  return failuresInARow <= 1 ? 0 : Math.min(RESTART_MAX_MS, 1000 * 2 ** (failuresInARow - 2));
}

/**
 * The primary of `WORKERS` processes on one machine (node:cluster, PostgreSQL only: config.ts).
 * It prepares the database once (migrations, demo seed, administrator), then forks the workers,
 * which each build the app and listen on the shared port (serve.ts); it serves nothing itself.
 * A worker that dies unexpectedly is replaced, at once the first time and with a growing wait while
 * replacements keep dying young. On SIGTERM or SIGINT it asks every worker to stop as a signal
 * would (drain, then close) and exits when they all have, or kills those left after the grace.
 */
export async function runPrimary(config: Config): Promise<void> {
  const made = createLogger(config.logLevel);
  const log = (made?.logger.child({ role: 'primary' }) ?? null) as Logger | null;
  const dbHandle = createDb(config.db, { warn: (obj, msg) => log?.warn(obj, msg) });
  try {
    const prepared = await prepareDatabase(config, dbHandle);
    log?.info({ dialect: dbHandle.dialect, ...prepared }, 'database ready');
  } finally {
    await dbHandle.close();
  }

  const started = new Map<Worker, number>();
  const listening = new Set<Worker>();
  let failures = 0;
  let stopping = false;
  let announced = false;
  const fork = () => {
    if (stopping) return;
    started.set(cluster.fork(), Date.now());
  };

  cluster.on('listening', (worker, address) => {
    log?.info({ worker: worker.process.pid, port: address.port }, 'worker listening');
    listening.add(worker);
    if (!announced && listening.size === config.workers) {
      announced = true;
      announce(config, address.port);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const born = started.get(worker) ?? Date.now();
    started.delete(worker);
    listening.delete(worker);
    if (stopping) return;
    failures = Date.now() - born < HEALTHY_AFTER_MS ? failures + 1 : 1;
    const waitMs = restartDelay(failures);
    log?.error({ worker: worker.process.pid, code, signal, restartInMs: waitMs }, 'worker died unexpectedly: starting another');
    setTimeout(fork, waitMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: no more waiting.
      for (const worker of started.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    log?.info({ signal, workers: started.size }, 'shutting down: stopping the workers');
    for (const worker of started.keys()) if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
    const deadline = setTimeout(() => {
      log?.error({ workers: started.size }, 'workers still running after the grace: killing them');
      for (const worker of started.keys()) worker.process.kill('SIGKILL');
    }, config.shutdown.graceMs + 2_000);
    const done = () => {
      if (started.size > 0) return;
      clearTimeout(deadline);
      made?.close();
      process.exit(0);
    };
    cluster.on('exit', done);
    done();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  for (let i = 0; i < config.workers; i += 1) fork();
}
