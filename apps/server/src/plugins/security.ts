import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers with a strict CSP, and response compression. The helmet middleware is built once
 * here: @fastify/helmet rebuilds it, CSP parsing included, on every request to allow per-route
 * options, which Abhyas does not use.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance, opts: { production: boolean }) {
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // A page's address goes to this site alone (helmet's default sends it nowhere): a page-view
      // record sent without its path is then placed by its Referer, and no other site learns it.
      referrerPolicy: { policy: 'same-origin' },
      // HSTS only where the deployment is served over HTTPS.
      strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security' },
);
