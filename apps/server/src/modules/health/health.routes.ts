import { APP, healthResponseSchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDb, type DbHandle } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';

const PING_TIMEOUT_MS = 2000;

const healthRoutes: FastifyPluginAsyncZod<{ dbHandle: DbHandle }> = async (app, { dbHandle }) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema }, errorStatuses: [503] } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const latencyMs = await Promise.race([
        pingDb(dbHandle.db),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
        }),
      ]);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, version: APP.version, database: { dialect: dbHandle.dialect, status: 'ok' as const, latencyMs } };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unreachable');
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'The database is unreachable');
    } finally {
      clearTimeout(timer);
    }
  });
};

export default healthRoutes;
