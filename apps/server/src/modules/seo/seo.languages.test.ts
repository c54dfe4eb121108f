import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBlog, makeTopic } from '../../../test/content-factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { systemClock } from '../../lib/clock.js';
import { updateBlogById } from '../blogs/blogs.service.js';

// Shaped like the built web app's index.html: its language, multi-line meta tags, the no-script note.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Abhyas — MCQ practice, mock tests and contests</title>
    <meta
      name="description"
      content="Default description about test preparation."
    />
    <meta property="og:type" content="website" />
    <meta property="og:locale" content="en_US" />
    <meta property="og:title" content="Abhyas — MCQ practice, mock tests and contests" />
    <meta property="og:image" content="/og-image.png" />
  </head>
  <body>
    <noscript>Abhyas needs JavaScript to run. Please enable it in your browser settings.</noscript>
    <div id="root"></div>
  </body>
</html>`;

const HINDI_TITLE = 'Abhyas — MCQ अभ्यास, मॉक टेस्ट और प्रतियोगिताएँ';
const SITE = 'https://abhyas.example';
const dist = mkdtempSync(join(tmpdir(), 'abhyas-seo-lang-'));
let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: `${SITE}/` } });
  const deps = { db: t.db, clock: systemClock };
  const english = await makeBlog(t.db, { title: 'Negative marking', content: 'Expected value decides.' });
  const hindi = await makeBlog(t.db, { title: 'नकारात्मक अंकन', content: 'अपेक्षित मान से फ़ैसला करें।' });
  await updateBlogById(deps, hindi.id, { slug: 'nakaratmak-ankan', language: 'hi', translationOf: english.slug });
  await makeBlog(t.db, { title: 'Only in English', content: 'No Hindi version yet.' });
  const topic = await makeTopic(t.db, { title: 'Time and work', summary: 'Rates add up.' });
  await makeTopic(t.db, { title: 'समय और कार्य', slug: 'samay-aur-karya', summary: 'दरें जुड़ती हैं, दिन नहीं।', language: 'hi', translationOf: topic.slug });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const metaContent = (html: string, attr: string, key: string) => new RegExp(`<meta\\s+${attr}="${key}"\\s+content="([^"]*)"`).exec(html)?.[1];
const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);

describe('an article page in its own language', () => {
  it('serves the Hindi blog with <html lang="hi">, its Hindi title and description, and both versions as alternates', async () => {
    const res = await page('/blogs/nakaratmak-ankan');
    expect(res.statusCode).toBe(200);
    expect(htmlLang(res.body)).toBe('hi');
    expect(res.body).toContain('<title>नकारात्मक अंकन · Abhyas</title>');
    expect(metaContent(res.body, 'name', 'description')).toBe('अपेक्षित मान से फ़ैसला करें।');
    expect(metaContent(res.body, 'property', 'og:locale')).toBe('hi_IN');
    expect(metaContent(res.body, 'property', 'og:locale:alternate')).toBe('en_US');
    expect(alternates(res.body)).toEqual([
      ['en', `${SITE}/blogs/negative-marking`],
      ['hi', `${SITE}/blogs/nakaratmak-ankan`],
      ['x-default', `${SITE}/blogs/negative-marking`],
    ]);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)![1]!);
    expect(jsonLd).toMatchObject({ headline: 'नकारात्मक अंकन', inLanguage: 'hi' });
  });

  it('serves the English version in English with the same alternates, whatever the reader chose', async () => {
    const res = await page('/blogs/negative-marking', 'lang=hi');
    expect(htmlLang(res.body)).toBe('en');
    expect(res.body).toContain('<title>Negative marking · Abhyas</title>');
    expect(alternates(res.body)).toEqual([
      ['en', `${SITE}/blogs/negative-marking`],
      ['hi', `${SITE}/blogs/nakaratmak-ankan`],
      ['x-default', `${SITE}/blogs/negative-marking`],
    ]);
  });

  it('serves a Hindi topic the same way', async () => {
    const res = await page('/topics/samay-aur-karya');
    expect(htmlLang(res.body)).toBe('hi');
    expect(metaContent(res.body, 'name', 'description')).toBe('दरें जुड़ती हैं, दिन नहीं।');
    expect(alternates(res.body)).toEqual([
      ['en', `${SITE}/topics/time-and-work`],
      ['hi', `${SITE}/topics/samay-aur-karya`],
      ['x-default', `${SITE}/topics/time-and-work`],
    ]);
  });

  it('gives an article with one language no alternates', async () => {
    const res = await page('/blogs/only-in-english');
    expect(htmlLang(res.body)).toBe('en');
    expect(alternates(res.body)).toEqual([]);
    expect(res.body).not.toContain('og:locale:alternate');
  });
});

describe('every other page in the reader’s language', () => {
  it('is Hindi when the lang cookie says hi: title, description, <html lang>, og:locale and the no-script note', async () => {
    for (const url of ['/', '/topics', '/contests', '/blogs/no-such-blog']) {
      const res = await page(url, 'theme=dark; lang=hi');
      expect(htmlLang(res.body), url).toBe('hi');
      expect(res.body).toContain(`<title>${HINDI_TITLE}</title>`);
      expect(metaContent(res.body, 'name', 'description')).toBe(
        'प्रतियोगी परीक्षाओं की तैयारी अब आसान: विषय के अनुसार MCQ का अभ्यास करें, समयबद्ध मॉक टेस्ट दें, प्रतियोगिताओं में भाग लें और तैयारी से जुड़े ब्लॉग पढ़ें।',
      );
      expect(metaContent(res.body, 'property', 'og:title')).toBe(HINDI_TITLE);
      expect(metaContent(res.body, 'property', 'og:locale')).toBe('hi_IN');
      expect(res.body).toContain('<noscript>Abhyas चलाने के लिए JavaScript ज़रूरी है।');
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it.each([undefined, 'lang=en', 'lang=fr', 'lang=HI', 'other=hi'])('stays English for the cookie %j', async (cookie) => {
    const res = await page('/topics', cookie);
    expect(htmlLang(res.body)).toBe('en');
    expect(res.body).toContain('<title>Abhyas — MCQ practice, mock tests and contests</title>');
    expect(metaContent(res.body, 'property', 'og:locale')).toBe('en_US');
    expect(res.body).toContain('<noscript>Abhyas needs JavaScript to run.');
  });
});

describe('sitemap and RSS with two languages', () => {
  it('lists both versions, each with xhtml:link alternates to both and x-default', async () => {
    const res = await page('/sitemap.xml');
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = (loc: string) => new RegExp(`<url><loc>${loc.replace(/[/.]/g, '\\$&')}</loc>[\\s\\S]*?</url>`).exec(res.body)?.[0] ?? '';
    for (const loc of [`${SITE}/blogs/negative-marking`, `${SITE}/blogs/nakaratmak-ankan`]) {
      const links = [...entry(loc).matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [m[1], m[2]]);
      expect(links, loc).toEqual([
        ['en', `${SITE}/blogs/negative-marking`],
        ['hi', `${SITE}/blogs/nakaratmak-ankan`],
        ['x-default', `${SITE}/blogs/negative-marking`],
      ]);
    }
    expect(entry(`${SITE}/topics/samay-aur-karya`)).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${SITE}/topics/time-and-work" />`);
    expect(entry(`${SITE}/blogs/only-in-english`)).not.toContain('xhtml:link');
  });

  it('keeps one feed of every blog, and gives a feed of one language', async () => {
    const every = await page('/blogs/rss.xml');
    expect(every.statusCode).toBe(200);
    expect(every.body).toContain('<title>नकारात्मक अंकन</title>');
    expect(every.body).toContain('<title>Negative marking</title>');
    expect(every.body).toContain('<dc:language>hi</dc:language>');
    const hindi = await page('/blogs/rss.xml?language=hi&utm_source=reader');
    expect(hindi.statusCode).toBe(200);
    expect(hindi.body).toContain('<language>hi-in</language>');
    expect(hindi.body).toContain('<title>Abhyas ब्लॉग</title>');
    expect(hindi.body).toContain('<title>नकारात्मक अंकन</title>');
    expect(hindi.body).not.toContain('<title>Negative marking</title>');
    expect(hindi.body).toContain(`<atom:link href="${SITE}/blogs/rss.xml?language=hi"`);
    expect((await page('/blogs/rss.xml?language=xx')).statusCode).toBe(400);
  });
});
