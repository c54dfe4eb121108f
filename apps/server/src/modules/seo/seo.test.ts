import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBlog, makeTopic } from '../../../test/content-factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { rawRequest } from '../../../test/raw-http.js';

// Shaped like the built web app's index.html: multi-line meta tags, relative og:image.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Abhyas — MCQ practice, mock tests and contests</title>
    <meta
      name="description"
      content="Default description about test preparation."
    />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="Abhyas — MCQ practice, mock tests and contests" />
    <meta property="og:image" content="/og-image.png" />
    <meta name="twitter:card" content="summary_large_image" />
  </head>
  <body><div id="root"></div></body>
</html>`;

const dist = mkdtempSync(join(tmpdir(), 'abhyas-seo-'));
let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://abhyas.example/' } });
  await makeBlog(t.db, { title: 'Time <management> & "you"', content: 'Plan </script><script>alert(1)</script> your week.' });
  await makeBlog(t.db, { title: 'Hidden draft', draft: true });
  await makeTopic(t.db, { title: 'Ratio basics', summary: 'Compare by division.', category: 'SSC', tags: ['ratio'] });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const metaContent = (html: string, attr: string, key: string) => new RegExp(`<meta\\s+${attr}="${key}"\\s+content="([^"]*)"`).exec(html)?.[1];

describe('pages as crawlers and link previews see them', () => {
  it('gives a blog page its own title, description, canonical URL, Open Graph tags and Article JSON-LD', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blogs/time-management-and-you' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Time &lt;management&gt; &amp; "you" · Abhyas</title>');
    expect(metaContent(html, 'property', 'og:title')).toBe('Time &lt;management&gt; &amp; &quot;you&quot; · Abhyas');
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'property', 'og:image')).toBe('https://abhyas.example/og-image.png');
    expect(metaContent(html, 'name', 'description')).toMatch(/^Plan/);
    expect(html).toContain('<link rel="canonical" href="https://abhyas.example/blogs/time-management-and-you" />');
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(jsonLd).not.toContain('</script');
    expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'Article', headline: 'Time <management> & "you"', author: { name: 'Meera Iyer' } });
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('gives a topic page its own metadata', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/topics/ratio-basics' });
    expect(metaContent(res.body, 'property', 'og:title')).toBe('Ratio basics · SSC · Abhyas');
    expect(metaContent(res.body, 'name', 'description')).toBe('Compare by division.');
  });

  it('answers an unknown or unpublished article with 404 and noindex, still with the app', async () => {
    for (const url of ['/blogs/hidden-draft', '/topics/no-such-topic']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('gives other pages the defaults with absolute URLs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/topics' });
    expect(res.statusCode).toBe(200);
    expect(metaContent(res.body, 'property', 'og:type')).toBe('website');
    expect(metaContent(res.body, 'property', 'og:image')).toBe('https://abhyas.example/og-image.png');
    expect(res.body).toContain('<link rel="canonical" href="https://abhyas.example/topics" />');
  });
});

describe('canonical addresses', () => {
  // An absolute-form request line names a host of the sender's choosing; `inject` would reduce it
  // to its path, so the request goes over a real socket as written.
  beforeAll(() => t.app.listen({ port: 0, host: '127.0.0.1' }));

  it.each(['/blogs/time-management-and-you', '/topics', '/blogs/no-such-blog'])(
    'builds canonical and og:url from PUBLIC_URL for the absolute-form request of %s',
    async (path) => {
      const res = await rawRequest(t.app, `GET http://evil.example${path} HTTP/1.1`);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain(`<link rel="canonical" href="https://abhyas.example${path}" />`);
      expect(metaContent(res.body, 'property', 'og:url')).toBe(`https://abhyas.example${path}`);
    },
  );
});

describe('sitemap, robots.txt and RSS', () => {
  it('lists published blogs and topics in the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<loc>https://abhyas.example/blogs/time-management-and-you</loc>');
    expect(res.body).toContain('<loc>https://abhyas.example/topics/ratio-basics</loc>');
    expect(res.body).not.toContain('hidden-draft');
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('points robots at the sitemap and keeps private areas out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toContain('Sitemap: https://abhyas.example/sitemap.xml');
    expect(res.body).toContain('Disallow: /admin');
  });

  it('publishes an RSS 2.0 feed with escaped items', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blogs/rss.xml' });
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain('<rss version="2.0"');
    expect(res.body).toContain('<title>Time &lt;management&gt; &amp; &quot;you&quot;</title>');
    expect(res.body).toContain('<guid isPermaLink="true">https://abhyas.example/blogs/time-management-and-you</guid>');
    expect(res.body).not.toContain('Hidden draft');
    expect(res.body).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
  });
});
