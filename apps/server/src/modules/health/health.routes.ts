import { APP, healthResponseSchema, readinessResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDb, type DbHandle } from '../../db/index.js';
import { serviceUnavailable } from '../../lib/errors.js';
import type { RedisLink } from '../../lib/redis-fallback.js';

const PING_TIMEOUT_MS = 2000;

/** The time `check` takes, or a rejection once it has taken `PING_TIMEOUT_MS`. */
async function timed(check: () => Promise<unknown>, what: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out`)), PING_TIMEOUT_MS);
      }),
    ]);
    return Math.round((performance.now() - started) * 100) / 100;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness, apart. `/health` asks nothing outside the process: a database or Redis
 * outage must not make an orchestrator restart every process, which would not mend it. `/health/ready`
 * asks both and answers 503 when either does not answer, or once the process has begun to stop
 * (plugins/shutdown.ts), so that a proxy's or orchestrator's checker sends its work elsewhere.
 */
const healthRoutes: FastifyPluginAsyncZod<{ dbHandle: DbHandle; redis: RedisLink }> = async (app, { dbHandle, redis }) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const cache = redis.health();
    return { status: cache.status === 'degraded' ? ('degraded' as const) : ('ok' as const), version: APP.version, redis: cache };
  });

  app.get('/health/ready', { schema: { response: { 200: readinessResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.stopping()) throw serviceUnavailable('The server is shutting down. Please try again in a moment.');
    const latencyMs = await timed(() => pingDb(dbHandle.db), 'database ping').catch((err: unknown) => {
      request.log.warn({ err }, 'readiness: database unreachable');
      throw serviceUnavailable('The database is unreachable');
    });
    const client = redis.client;
    let redisLatencyMs: number | null = null;
    if (client) {
      redisLatencyMs = await timed(async () => {
        // Disconnected, a command would fail at once anyway (no offline queue): said plainly.
        if (client.status !== 'ready') throw new Error(`Redis connection ${client.status}`);
        await client.ping();
      }, 'Redis ping').catch((err: unknown) => {
        redis.failed(err);
        request.log.warn({ err }, 'readiness: Redis unreachable');
        throw serviceUnavailable('Redis is unreachable');
      });
      redis.succeeded();
    }
    return {
      status: 'ok' as const,
      version: APP.version,
      database: { dialect: dbHandle.dialect, status: 'ok' as const, latencyMs },
      redis: { status: client ? ('ok' as const) : ('off' as const), latencyMs: redisLatencyMs },
    };
  });
};

export default healthRoutes;
