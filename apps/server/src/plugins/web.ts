import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.js';

/** Prefixes that belong to the API: never answered with the web app (DESIGN.md §3). */
const API_PREFIXES = ['/api/', '/public/', '/topics/all'];

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || API_PREFIXES.some((p) => path.startsWith(p))) return false;
  // A path with a file extension is a missing asset, not a page.
  return !/\.[a-z0-9]+$/i.test(path);
}

/** Serves the built web app with long-lived caching for hashed assets and an SPA fallback for page routes. */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { distDir: string }) {
    const hasWeb = existsSync(join(opts.distDir, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, path) {
          if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
          else if (path.endsWith('.html')) res.header('cache-control', 'no-cache');
          else res.header('cache-control', 'public, max-age=3600');
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, 'web app not built: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      if (hasWeb && isPageRequest(request)) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
      }
      return sendError(reply, 404, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
