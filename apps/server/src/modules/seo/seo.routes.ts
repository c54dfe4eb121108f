import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/index.js';
import { listPublishedBlogsForFeed } from '../blogs/blogs.repo.js';
import { listPublishedTopicsForSitemap } from '../topics/topics.repo.js';
import { fileAnswer } from '../../lib/response-schemas.js';
import { SITE_NAME } from './page-meta.js';

const FEED_ITEMS = 50;
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Sitemap, robots.txt and the blog's RSS 2.0 feed (sitemaps.org protocol, RSS 2.0 specification). */
const seoRoutes: FastifyPluginAsync<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  app.get('/robots.txt', { schema: { response: { 200: fileAnswer('Rules for crawlers, naming the sitemap', ['text/plain']) } } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /profile', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n')),
  );

  app.get('/sitemap.xml', { schema: { response: { 200: fileAnswer('The sitemap of the public pages (sitemaps.org protocol)', ['application/xml']) } } }, async (_request, reply) => {
    const [blogs, topics] = await Promise.all([listPublishedBlogsForFeed(db, 50_000), listPublishedTopicsForSitemap(db)]);
    const urls = [
      { loc: '/', lastmod: undefined as string | undefined },
      { loc: '/blogs', lastmod: blogs[0] ? day(blogs[0].updated_at) : undefined },
      { loc: '/topics', lastmod: undefined },
      ...blogs.map((b) => ({ loc: `/blogs/${b.slug}`, lastmod: day(b.updated_at) })),
      ...topics.map((t) => ({ loc: `/topics/${t.slug}`, lastmod: day(t.updated_at) })),
    ];
    const body = urls
      .map((u) => `  <url><loc>${xml(publicUrl + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });

  app.get('/blogs/rss.xml', { schema: { response: { 200: fileAnswer('The newest published blogs as an RSS 2.0 feed', ['application/rss+xml']) } } }, async (_request, reply) => {
    const blogs = await listPublishedBlogsForFeed(db, FEED_ITEMS);
    const items = blogs
      .map((b) => {
        const link = `${publicUrl}/blogs/${b.slug}`;
        const date = new Date(b.published_at ?? b.updated_at).toUTCString();
        return [
          '    <item>',
          `      <title>${xml(b.title)}</title>`,
          `      <link>${xml(link)}</link>`,
          `      <guid isPermaLink="true">${xml(link)}</guid>`,
          `      <pubDate>${date}</pubDate>`,
          `      <dc:creator>${xml(b.author_name)}</dc:creator>`,
          `      <description>${xml(b.excerpt)}</description>`,
          '    </item>',
        ].join('\n');
      })
      .join('\n');
    const built = new Date(blogs[0]?.updated_at ?? Date.now()).toUTCString();
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n` +
          `    <title>${SITE_NAME} blog</title>\n    <link>${xml(publicUrl)}/blogs</link>\n` +
          `    <atom:link href="${xml(publicUrl)}/blogs/rss.xml" rel="self" type="application/rss+xml" />\n` +
          `    <description>Exam strategy, study notes and skill-track guides from ${SITE_NAME}.</description>\n    <language>en-in</language>\n` +
          `    <lastBuildDate>${built}</lastBuildDate>\n${items}\n  </channel>\n</rss>\n`,
      );
  });
};

export default seoRoutes;
