import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { PageMeta } from '../../lib/html-meta.js';
import { blogFeed } from '../blogs/blogs.service.js';
import { topicSitemap } from '../topics/topics.service.js';
import { articleMeta, defaultMeta, SITE_NAME } from './page-meta.js';

export type SeoDeps = { db: Db; clock: Clock; publicUrl: string };

const FEED_ITEMS = 50;
const SITEMAP_MAX_URLS = 50_000;
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The metadata of a page path, and whether the page exists (false for an unknown or unpublished article). */
export async function pageMeta(deps: SeoDeps, path: string): Promise<{ meta: PageMeta; found: boolean }> {
  const article = await articleMeta(deps, deps.publicUrl, path);
  return article ? { meta: article, found: true } : { meta: defaultMeta(deps.publicUrl, path), found: article === undefined };
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /profile', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

/** The sitemap (sitemaps.org protocol): the home page, the two lists, every published blog and topic. */
export async function sitemapXml(deps: SeoDeps): Promise<string> {
  const [blogs, topics] = await Promise.all([blogFeed(deps, SITEMAP_MAX_URLS), topicSitemap(deps)]);
  const urls = [
    { loc: '/', lastmod: undefined as string | undefined },
    { loc: '/blogs', lastmod: blogs[0] ? day(blogs[0].updatedAt) : undefined },
    { loc: '/topics', lastmod: undefined },
    ...blogs.map((b) => ({ loc: `/blogs/${b.slug}`, lastmod: day(b.updatedAt) })),
    ...topics.map((t) => ({ loc: `/topics/${t.slug}`, lastmod: day(t.updatedAt) })),
  ];
  const body = urls.map((u) => `  <url><loc>${xml(deps.publicUrl + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** The blog's RSS 2.0 feed: the newest published blogs. */
export async function blogRssXml(deps: SeoDeps): Promise<string> {
  const { publicUrl } = deps;
  const blogs = await blogFeed(deps, FEED_ITEMS);
  const items = blogs
    .map((b) => {
      const link = `${publicUrl}/blogs/${b.slug}`;
      return [
        '    <item>',
        `      <title>${xml(b.title)}</title>`,
        `      <link>${xml(link)}</link>`,
        `      <guid isPermaLink="true">${xml(link)}</guid>`,
        `      <pubDate>${new Date(b.publishedAt ?? b.updatedAt).toUTCString()}</pubDate>`,
        `      <dc:creator>${xml(b.author)}</dc:creator>`,
        `      <description>${xml(b.excerpt)}</description>`,
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  const built = new Date(blogs[0]?.updatedAt ?? deps.clock.now()).toUTCString();
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n` +
    `    <title>${SITE_NAME} blog</title>\n    <link>${xml(publicUrl)}/blogs</link>\n` +
    `    <atom:link href="${xml(publicUrl)}/blogs/rss.xml" rel="self" type="application/rss+xml" />\n` +
    `    <description>Exam strategy, study notes and skill-track guides from ${SITE_NAME}.</description>\n    <language>en-in</language>\n` +
    `    <lastBuildDate>${built}</lastBuildDate>\n${items}\n  </channel>\n</rss>\n`
  );
}
