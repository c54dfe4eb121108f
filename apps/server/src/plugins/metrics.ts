import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';
import { createMetricsListener } from './metrics-listener.js';
import type { AppMetrics } from './metrics-registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics' own listener (METRICS_PORT) listens; null when it does not. */
    metricsAddress(): AddressInfo | null;
  }
}

type Options = { metrics: AppMetrics | null; settings: Config['metrics'] };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the metrics are served at all: on the main port with a token, on a port of their own, or both. */
export const metricsWanted = (settings: Config['metrics']) => settings.token !== null || settings.port !== null;

/**
 * Prometheus metrics (plugins/metrics-registry.ts): every answered request is timed by its route
 * pattern; `GET /metrics` is served on the main port to a request bearing METRICS_TOKEN, and on
 * 127.0.0.1:METRICS_PORT without one, that listener opened when the app is ready and closed with it.
 * Registered before the routes, so that its hook times all of them; without metrics (neither
 * setting) it adds nothing.
 */
export default fp<Options>(
  async function metricsPlugin(app: FastifyInstance, { metrics, settings }) {
    if (!metrics) {
      app.decorate('metricsAddress', () => null);
      return;
    }
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observe(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    if (settings.token !== null) {
      // Hashed to equal lengths, so that the comparison takes the same time whatever is sent.
      const expected = digest(`Bearer ${settings.token}`);
      const checkToken = async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', 'no-store');
        const given = request.headers.authorization ?? '';
        if (!timingSafeEqual(digest(given), expected)) {
          reply.header('www-authenticate', 'Bearer');
          throw new AppError('UNAUTHORIZED', 401, 'A valid metrics token is required');
        }
      };
      app.get('/metrics', { schema: { hide: true }, onRequest: checkToken }, async (_request, reply) =>
        reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
      );
    }

    const listener = createMetricsListener(metrics.registry, app.log);
    app.decorate('metricsAddress', () => listener.address());
    const port = settings.port;
    if (port !== null) {
      app.addHook('onReady', async () => {
        const at = await listener.start(port);
        app.log.info({ address: at.address, port: at.port }, 'metrics served at /metrics on their own port');
      });
      app.addHook('onClose', () => listener.close());
    }
  },
  { name: 'metrics', dependencies: ['errors'] },
);
