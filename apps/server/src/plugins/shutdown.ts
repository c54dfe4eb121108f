import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceUnavailable } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Begins the drain: readiness fails and answers carry `Connection: close`, while every request is still served. */
    drain(): void;
    /** True from the drain (or the close) on: `/api/health/ready` answers 503. */
    stopping(): boolean;
  }
}

/**
 * Stopping as clients see it, in two stages. The drain (`app.drain()`, from the signal on): the
 * process still serves everything, but its readiness answers 503 so that health checkers and
 * orchestrators take it out, and every answer carries `Connection: close` so that keep-alive clients
 * (a proxy's pooled connections among them) open their next connection elsewhere. The close
 * (`app.close()`): requests already being handled finish; a request that arrives on an open
 * connection after that is refused with 503 and `Retry-After`, in the one error shape, with the
 * security headers: Fastify's own refusal (`return503OnClosing`, switched off in app.ts) answers in
 * a shape of its own.
 */
export default fp(
  async function shutdownPlugin(app: FastifyInstance) {
    let draining = false;
    let closing = false;
    app.decorate('drain', () => void (draining = true));
    app.decorate('stopping', () => draining || closing);
    app.addHook('preClose', async () => {
      closing = true;
    });
    // A callback rather than an async hook: it runs on every request, and a promise per request costs.
    app.addHook('onRequest', (_request, _reply, done) => {
      done(closing ? serviceUnavailable('The server is shutting down. Please try again in a moment.') : undefined);
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining || closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'shutdown' },
);
