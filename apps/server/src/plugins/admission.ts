import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Admission, HeavyKind } from '../lib/admission.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A request of dozens of statements, and which kind (a start, a submission, a result or review
     * read): it runs only in one of the process's turns for such requests, given by kind
     * (lib/admission.ts), or is refused 503 quickly.
     */
    heavy?: HeavyKind;
  }
}

/** Aborted when the client's connection closes before its answer is written. */
function goneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const res = reply.raw;
  if (res.destroyed) controller.abort();
  else res.once('close', () => controller.abort());
  return controller.signal;
}

/**
 * Admission for the routes marked `config: { heavy: kind }`: each such handler runs inside a turn
 * of `admission`, taken after the guards, validation and rate limits (so a refused or invalid
 * request never queues) and given back when the handler's work ends, however it ends: an answer,
 * an error, or a client gone meanwhile (its work still finishes, and holds the turn until then). A
 * request whose client leaves while it waits gives its place up. Other routes, the answer saves
 * among them, are never held here. Registered before the routes, whose handlers it wraps.
 */
export default fp<{ admission: Admission }>(
  async function admissionPlugin(app: FastifyInstance, { admission }) {
    app.addHook('onRoute', (route) => {
      const kind = route.config?.heavy;
      if (!kind) return;
      const handler = route.handler;
      route.handler = async function heavyHandler(this: FastifyInstance, request, reply) {
        return admission.run(kind, async () => handler.call(this, request, reply), goneSignal(reply));
      };
    });
  },
  { name: 'admission' },
);
