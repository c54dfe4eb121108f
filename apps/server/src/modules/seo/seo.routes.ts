import type { FastifyPluginAsync } from 'fastify';
import { fileAnswer } from '../../lib/http-schemas.js';
import { blogRssXml, robotsTxt, sitemapXml, type SeoDeps } from './seo.service.js';

/** Sitemap, robots.txt and the blog's RSS 2.0 feed (sitemaps.org protocol, RSS 2.0 specification). */
const seoRoutes: FastifyPluginAsync<{ deps: SeoDeps }> = async (app, { deps }) => {
  app.get('/robots.txt', { schema: { response: { 200: fileAnswer('Rules for crawlers, naming the sitemap', ['text/plain']) } } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(deps.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { response: { 200: fileAnswer('The sitemap of the public pages (sitemaps.org protocol)', ['application/xml']) } } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(await sitemapXml(deps)),
  );

  app.get('/blogs/rss.xml', { schema: { response: { 200: fileAnswer('The newest published blogs as an RSS 2.0 feed', ['application/rss+xml']) } } }, async (_request, reply) =>
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(await blogRssXml(deps)),
  );
};

export default seoRoutes;
