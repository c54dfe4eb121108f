import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE } from './browser.js';
import { chooseLanguage, demoFacts, LANGUAGES, watchProblems, type DemoFacts, type Language } from './site.js';

/*
 * Every public page's first load on a 360-px phone, in English and Hindi, in a browser that has
 * never seen the site: how far the page jumps while it loads (CLS, as Lighthouse counts it), the
 * JavaScript it downloads (compressed, as served), the fonts, and nothing refused or failing.
 * The budgets are docs/PRODUCT.md's.
 */

const baseURL = inject('baseURL');
const MAX_CLS = 0.1;
const MAX_SCRIPT_BYTES = 170 * 1024;
/** The self-hosted Devanagari face (50 KB) and nothing more; a page showing no Devanagari needs no font at all. */
const MAX_HINDI_FONT_BYTES = 60 * 1024;
/** KaTeX's fonts come with the rendered maths of an article, on the pages that show some. */
const isMathFont = (url: string) => /\/KaTeX_/.test(url);

const PUBLIC_PAGES = (facts: DemoFacts) => [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/blogs',
  `/blogs/${facts.blog.slug}`,
  '/topics',
  `/topics/${facts.topic.slug}`,
  '/tests',
  `/tests/${facts.test.slug}`,
  '/contests',
  `/contests/${facts.contest.slug}`,
];

interface Load {
  cls: number;
  shifts: string[];
  scriptBytes: number;
  fonts: { url: string; bytes: number }[];
  /** Whether the page shows Devanagari (a Hindi article or title listed on an English page). */
  devanagari: boolean;
}

declare global {
  interface Window {
    layoutShifts: { value: number; startTime: number; sources: string[] }[];
  }
}

let browser: Browser;
let facts: DemoFacts;
beforeAll(async () => {
  browser = await launchBrowser();
  facts = await demoFacts(baseURL);
});
afterAll(async () => browser?.close());

/** The largest burst of shifts less than a second apart within five seconds: Chromium's and Lighthouse's CLS. */
function cumulativeLayoutShift(shifts: { value: number; startTime: number }[]): number {
  let largest = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (window > 0 && (shift.startTime - last > 1000 || shift.startTime - first > 5000)) window = 0;
    if (window === 0) first = shift.startTime;
    window += shift.value;
    last = shift.startTime;
    largest = Math.max(largest, window);
  }
  return largest;
}

/** Opens `path` as a first visit and measures it once it has settled, the late parts (ad, location line, counts) in. */
async function firstLoad(language: Language, path: string, problems: string[]): Promise<Load> {
  const context = await browser.newContext({ ...PHONE, baseURL });
  try {
    await chooseLanguage(context, baseURL, language);
    const watcher = await watchProblems(context);
    await context.addInitScript(() => {
      window.layoutShifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
          if (entry.hadRecentInput) continue;
          const sources = entry.sources.map((s) => (s.node instanceof Element ? `${s.node.localName}.${Array.from(s.node.classList).slice(0, 4).join('.')}` : String(s.node?.nodeName)));
          window.layoutShifts.push({ value: entry.value, startTime: entry.startTime, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    watcher.watch(page);
    await page.goto(path);
    await page.locator('main').first().waitFor();
    await page.waitForLoadState('networkidle');
    // What arrives after the network is quiet (the page-view recorder, loaded when the page is idle) counts too.
    await page.waitForTimeout(1_000);
    await page.waitForLoadState('networkidle');
    const measured = await page.evaluate(() => ({
      shifts: window.layoutShifts,
      resources: performance.getEntriesByType('resource').map((r) => ({ url: r.name, bytes: (r as PerformanceResourceTiming).encodedBodySize })),
      devanagari: /[\u0900-\u097F]/.test(document.querySelector("main")?.textContent ?? ""),
    }));
    problems.push(...watcher.problems);
    return {
      cls: cumulativeLayoutShift(measured.shifts),
      shifts: measured.shifts.map((s) => `${s.value.toFixed(3)} at ${Math.round(s.startTime)} ms: ${s.sources.join(', ')}`),
      scriptBytes: measured.resources.filter((r) => new URL(r.url).pathname.endsWith('.js')).reduce((sum, r) => sum + r.bytes, 0),
      fonts: measured.resources.filter((r) => /\.(woff2?|ttf)$/.test(new URL(r.url).pathname)),
      devanagari: measured.devanagari,
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the public pages’ first load on a phone', () => {
  it.each(LANGUAGES)('stays within the layout-shift, script and font budgets in %s, with no console error or CSP violation', { timeout: 180_000 }, async (language) => {
    const over: string[] = [];
    const problems: string[] = [];
    const figures: string[] = [];
    for (const path of PUBLIC_PAGES(facts)) {
      const load = await firstLoad(language, path, problems);
      const textFonts = load.fonts.filter((f) => !isMathFont(f.url));
      const textFontBytes = textFonts.reduce((sum, f) => sum + f.bytes, 0);
      figures.push(`${path}: CLS ${load.cls.toFixed(3)}, JS ${kb(load.scriptBytes)}, fonts ${kb(textFontBytes)} (+ maths ${kb(load.fonts.reduce((s, f) => s + f.bytes, 0) - textFontBytes)})`);
      if (load.cls > MAX_CLS) over.push(`${path}: CLS ${load.cls.toFixed(3)} > ${MAX_CLS} (${load.shifts.join('; ')})`);
      if (load.scriptBytes > MAX_SCRIPT_BYTES) over.push(`${path}: ${kb(load.scriptBytes)} of JavaScript > ${kb(MAX_SCRIPT_BYTES)}`);
      // The Devanagari face comes only with Devanagari on the page: an English page listing nothing in Hindi fetches no font.
      if (!load.devanagari && textFonts.length > 0) over.push(`${path}: a page without Devanagari fetched ${textFonts.map((f) => f.url).join(', ')}`);
      if ((language === 'hi' || load.devanagari) && (textFonts.length > 1 || textFontBytes > MAX_HINDI_FONT_BYTES)) over.push(`${path}: ${textFonts.length} fonts, ${kb(textFontBytes)} > ${kb(MAX_HINDI_FONT_BYTES)}`);
    }
    expect({ over, problems }, figures.join('\n')).toEqual({ over: [], problems: [] });
  });
});
