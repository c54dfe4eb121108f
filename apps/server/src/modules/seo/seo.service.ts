import type { Language } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import type { PageMeta } from '../../lib/html-meta.js';
import type { SitemapArticle } from '../../lib/translations.js';
import { blogFeed, blogSitemap } from '../blogs/blogs.service.js';
import { topicSitemap } from '../topics/topics.service.js';
import { articleAlternates, articleMeta, defaultMeta, SITE_NAME } from './page-meta.js';

export type SeoDeps = { db: Db; clock: Clock; publicUrl: string };

const FEED_ITEMS = 50;
const SITEMAP_MAX_URLS = 50_000;
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The metadata of a page path, and whether the page exists (false for an unknown or unpublished
 * article). An article's page speaks the article's language; every other page the reader's.
 */
export async function pageMeta(deps: SeoDeps, path: string, readerLanguage: Language = 'en'): Promise<{ meta: PageMeta; found: boolean }> {
  const article = await articleMeta(deps, deps.publicUrl, path);
  return article ? { meta: article, found: true } : { meta: defaultMeta(deps.publicUrl, path, readerLanguage), found: article === undefined };
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /profile', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

type SitemapUrl = { loc: string; lastmod?: string | undefined; alternates?: { hreflang: string; href: string }[] };

/**
 * The sitemap (sitemaps.org protocol): the home page, the two lists, every published blog and
 * topic; an article published in both languages names each version with `xhtml:link` alternates,
 * as Google reads hreflang from a sitemap.
 */
export async function sitemapXml(deps: SeoDeps): Promise<string> {
  const [blogs, topics] = await Promise.all([blogSitemap(deps, SITEMAP_MAX_URLS), topicSitemap(deps)]);
  const article = (kind: 'blogs' | 'topics') => (a: SitemapArticle): SitemapUrl => ({
    loc: `${deps.publicUrl}/${kind}/${a.slug}`,
    lastmod: day(a.updatedAt),
    alternates: articleAlternates(deps.publicUrl, kind, a, a.translations),
  });
  const urls: SitemapUrl[] = [
    { loc: `${deps.publicUrl}/` },
    { loc: `${deps.publicUrl}/blogs`, lastmod: blogs[0] ? day(blogs[0].updatedAt) : undefined },
    { loc: `${deps.publicUrl}/topics` },
    ...blogs.map(article('blogs')),
    ...topics.map(article('topics')),
  ];
  const body = urls
    .map((u) => {
      const links = (u.alternates ?? []).map((a) => `\n    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}" />`).join('');
      return `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}${links}${links ? '\n  ' : ''}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** The feed's own words, in the language of its blogs; the feed of every language speaks English. */
const FEED: Record<Language, { title: string; description: string; language: string }> = {
  en: { title: `${SITE_NAME} blog`, description: `Exam strategy, study notes and skill-track guides from ${SITE_NAME}.`, language: 'en-in' },
  hi: { title: `${SITE_NAME} ब्लॉग`, description: `${SITE_NAME} से परीक्षा की रणनीति, पढ़ाई के नोट्स और स्किल सीखने की गाइड।`, language: 'hi-in' },
};

/** The blog's RSS 2.0 feed: the newest published blogs, one language's (`?language=hi`) or every language's. */
export async function blogRssXml(deps: SeoDeps, language?: Language): Promise<string> {
  const { publicUrl } = deps;
  const blogs = await blogFeed(deps, FEED_ITEMS, language);
  const feed = FEED[language ?? 'en'];
  const self = `${publicUrl}/blogs/rss.xml${language ? `?language=${language}` : ''}`;
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
        `      <dc:language>${b.language}</dc:language>`,
        `      <description>${xml(b.excerpt)}</description>`,
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  const built = new Date(blogs[0]?.updatedAt ?? deps.clock.now()).toUTCString();
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n` +
    `    <title>${xml(feed.title)}</title>\n    <link>${xml(publicUrl)}/blogs</link>\n` +
    `    <atom:link href="${xml(self)}" rel="self" type="application/rss+xml" />\n` +
    `    <description>${xml(feed.description)}</description>\n    <language>${feed.language}</language>\n` +
    `    <lastBuildDate>${built}</lastBuildDate>\n${items}\n  </channel>\n</rss>\n`
  );
}
