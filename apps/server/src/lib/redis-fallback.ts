import type { Redis } from 'ioredis';

/**
 * Redis is optional help, never a dependency: it shares rate-limit counters and live-board notices
 * between server processes. While it is unreachable each process counts and fans out on its own,
 * and every route keeps answering. This file is the one place that decides whether Redis is usable.
 */

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** What `/api/health` says of Redis: `off` when none is configured. */
export type RedisHealth = { status: 'ok' | 'degraded' | 'off'; outages: number; fallbacks: number };

export type RedisLink = {
  /** The shared connection; null when no Redis is configured. */
  client: Redis | null;
  /** Whether a command should be sent now: connected, and not failing. */
  available(): boolean;
  /** A command failed: the outage starts (logged once) and Redis is left alone for a moment. */
  failed(err: unknown): void;
  /** A command succeeded: an outage noticed by a failed command is over. */
  succeeded(): void;
  /** A decision was taken by this process alone because Redis could not be asked. */
  fellBack(): void;
  health(): RedisHealth;
  /** Waits for the first connection, an error or `waitMs`, whichever comes first. */
  settled(waitMs: number): Promise<void>;
};

/** After a command fails on a connection that still looks ready (a stalled server), it is tried again this often. */
const RETRY_AFTER_FAILURE_MS = 1_000;
/** A command that gets no answer in this long fails, so that a request never hangs on Redis. */
const COMMAND_TIMEOUT_MS = 1_000;
const RECONNECT_MAX_MS = 2_000;

/**
 * The server's Redis connection: commands fail at once while it is disconnected (no offline queue,
 * no retry of a command) or after a second without an answer, and reconnection never stops. It
 * connects when `watchRedis` has listened for its errors. ioredis is loaded here, so that a server
 * without Redis never holds it.
 */
export async function createRedisClient(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, RECONNECT_MAX_MS),
  });
}

/**
 * Reports a connection's outages once each: `down` at its first error or lost connection
 * (reconnection attempts after that are quiet) and `up` when it is ready again. The listener also keeps ioredis from
 * printing each error as unhandled.
 */
export function onOutage(client: Redis, on: { down: (err: unknown) => void; up: () => void }): Outage {
  let down = false;
  const outage: Outage = {
    down(err) {
      if (down) return;
      down = true;
      on.down(err);
    },
    up() {
      if (!down) return;
      down = false;
      on.up();
    },
    isDown: () => down,
  };
  client.on('error', outage.down);
  // A connection lost without an error (the server closed it) is an outage too; a deliberate
  // disconnect does not reconnect, so it is not one.
  client.on('reconnecting', () => outage.down(new Error('the connection to Redis was lost')));
  client.on('ready', outage.up);
  return outage;
}

type Outage = { down: (err: unknown) => void; up: () => void; isDown: () => boolean };

/** Watches the shared connection (if any) and connects it; see RedisLink. */
export function watchRedis(client: Redis | undefined, log: Log): RedisLink {
  let outages = 0;
  let fallbacks = 0;
  let retryAt = 0;
  if (!client) {
    return {
      client: null,
      available: () => false,
      failed: () => {},
      succeeded: () => {},
      fellBack: () => {},
      health: () => ({ status: 'off', outages, fallbacks }),
      settled: async () => {},
    };
  }
  const outage = onOutage(client, {
    down: (err) => {
      outages += 1;
      log.warn({ err }, 'Redis is unreachable: rate limits are counted by each server process and live boards reach its own viewers only, until it returns');
    },
    up: () => log.info({ outages, fallbacks }, 'Redis is back: rate limits and live boards are shared between server processes again'),
  });
  if (client.status === 'wait') client.connect().catch(() => {});
  const available = () => {
    if (client.status !== 'ready') return false;
    if (!outage.isDown()) return true;
    // Connected but failing: one caller a second tries it again, the others count locally.
    if (Date.now() < retryAt) return false;
    retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
    return true;
  };
  return {
    client,
    available,
    failed(err) {
      retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
      outage.down(err);
    },
    succeeded() {
      // A stalled server that answers again sends no new 'ready': its first answer ends the outage.
      if (client.status === 'ready') outage.up();
    },
    fellBack: () => void (fallbacks += 1),
    health: () => ({ status: client.status === 'ready' && !outage.isDown() ? 'ok' : 'degraded', outages, fallbacks }),
    settled: (waitMs) =>
      new Promise<void>((resolve) => {
        if (client.status === 'ready' || outage.isDown()) return resolve();
        const done = () => {
          clearTimeout(timer);
          client.off('ready', done);
          client.off('error', done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        timer.unref();
        client.once('ready', done);
        client.once('error', done);
      }),
  };
}
