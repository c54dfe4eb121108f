import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withPageMeta, type PageMeta } from '../lib/html-meta.js';
import { sendError } from './errors.js';

/** The metadata for a page path, and whether the page exists (404 for an unknown article). */
export type PageMetaResolver = (path: string) => Promise<{ meta: PageMeta; found: boolean }>;

/** Prefixes that belong to the API: never answered with the web app (docs/PRODUCT.md §4). */
const API_PREFIXES = ['/api/', '/public/', '/topics/all'];

/**
 * The path the request names. A request line in absolute form (`GET http://host/path`) carries a
 * host of the sender's choosing: only its path is the page, the host is never read.
 */
function requestPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '/';
  const absoluteForm = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  return absoluteForm ? path.slice(absoluteForm[0].length) || '/' : path;
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = requestPath(request);
  if (path === '/api' || API_PREFIXES.some((p) => path.startsWith(p))) return false;
  // A path with a file extension is a missing asset, not a page.
  return !/\.[a-z0-9]+$/i.test(path);
}

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** Brotli or gzip, whichever the browser takes (Brotli first), or none. */
function pageEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : null;
}

/** Serves the built web app with long-lived caching for hashed assets and an SPA fallback for page routes. */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { distDir: string; pageMeta: PageMetaResolver }) {
    const indexFile = join(opts.distDir, 'index.html');
    const hasWeb = existsSync(indexFile);
    const template = hasWeb ? readFileSync(indexFile, 'utf8') : '';
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // Files of the web app, not API: left out of the API document.
        schemaHide: true,
        setHeaders(res, path) {
          if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
          else if (path.endsWith('.html')) res.header('cache-control', 'no-cache');
          else res.header('cache-control', 'public, max-age=3600');
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, 'web app not built: only the API is served');
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (hasWeb && isPageRequest(request)) {
        const { meta, found } = await opts.pageMeta(requestPath(request));
        let html = withPageMeta(template, meta);
        // An unknown article still gets the app (it shows its not-found page) but crawlers get a 404.
        if (!found) html = html.replace('</head>', '    <meta name="robots" content="noindex" />\n  </head>');
        reply.code(found ? 200 : 404).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
        // Compressed here: the server's compression is a route's, and a page is answered by the not-found handler.
        const encoding = pageEncoding(request.headers['accept-encoding']);
        if (!encoding) return reply.send(html);
        return reply.header('content-encoding', encoding).send(encoding === 'br' ? brotliCompressSync(html, BROTLI) : gzipSync(html));
      }
      return sendError(reply, 404, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
