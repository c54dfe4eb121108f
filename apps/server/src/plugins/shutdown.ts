import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceUnavailable } from '../lib/errors.js';

/**
 * Shutdown as clients see it. Requests already being handled finish, and their answers carry
 * `Connection: close`, so that keep-alive clients let go of their sockets and the server can finish
 * closing instead of waiting out the grace period. A request that arrives on an open connection
 * after shutdown began is refused with 503 and `Retry-After`, in the one error shape, with the
 * security headers: Fastify's own refusal (`return503OnClosing`, switched off in app.ts) answers in
 * a shape of its own.
 */
export default fp(
  async function shutdownPlugin(app: FastifyInstance) {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // A callback rather than an async hook: it runs on every request, and a promise per request costs.
    app.addHook('onRequest', (_request, _reply, done) => {
      done(closing ? serviceUnavailable('The server is shutting down. Please try again in a moment.') : undefined);
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'shutdown' },
);
