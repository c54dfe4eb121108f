import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One log line per request, carrying its id; the id is echoed so a user can quote it. */
export default fp(
  async function requestLogPlugin(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log' },
);
