import { APP, healthResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDb, type DbHandle } from '../../db/index.js';
import { serviceUnavailable } from '../../lib/errors.js';
import type { RedisHealth } from '../../lib/redis-fallback.js';

const PING_TIMEOUT_MS = 2000;

/**
 * Only the database decides between 200 and 503: without Redis every route still works (each
 * process counts its own limits), so an unreachable Redis is reported as `degraded` with 200.
 */
const healthRoutes: FastifyPluginAsyncZod<{ dbHandle: DbHandle; redis: () => RedisHealth }> = async (app, { dbHandle, redis }) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const latencyMs = await Promise.race([
        pingDb(dbHandle.db),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
        }),
      ]);
      reply.header('cache-control', 'no-store');
      const cache = redis();
      return {
        status: cache.status === 'degraded' ? ('degraded' as const) : ('ok' as const),
        version: APP.version,
        database: { dialect: dbHandle.dialect, status: 'ok' as const, latencyMs },
        redis: cache,
      };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unreachable');
      throw serviceUnavailable('The database is unreachable');
    } finally {
      clearTimeout(timer);
    }
  });
};

export default healthRoutes;
