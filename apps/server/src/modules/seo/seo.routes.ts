import { languageQuerySchema } from '@abhyas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../lib/http-schemas.js';
import { blogRssXml, robotsTxt, sitemapXml, type SeoDeps } from './seo.service.js';

// Feed readers and link trackers add parameters of their own: only the language is read.
const feedQuery = z.object({ language: languageQuerySchema.shape.language });

/** Sitemap, robots.txt and the blog's RSS 2.0 feed (sitemaps.org protocol, RSS 2.0 specification). */
const seoRoutes: FastifyPluginAsyncZod<{ deps: SeoDeps }> = async (app, { deps }) => {
  app.get('/robots.txt', { schema: { response: { 200: fileAnswer('Rules for crawlers, naming the sitemap', ['text/plain']) } } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(deps.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { response: { 200: fileAnswer('The sitemap of the public pages (sitemaps.org protocol)', ['application/xml']) } } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(await sitemapXml(deps)),
  );

  app.get(
    '/blogs/rss.xml',
    { schema: { querystring: feedQuery, response: { 200: fileAnswer('The newest published blogs as an RSS 2.0 feed, one language or every one', ['application/rss+xml']) } } },
    async (request, reply) =>
      reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(await blogRssXml(deps, request.query.language)),
  );
};

export default seoRoutes;
