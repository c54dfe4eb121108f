import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './api.js';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The original client's fixed messages, which stay in English word for word in every language. */
const FIXED = new Set(['Failed to fetch profile', 'Failed to update profile', 'Failed to fetch blogs', 'Failed to fetch users', 'Location not supported', 'Location not enabled', 'Location fetch error']);

/**
 * Every English message of the interface as a pattern a page's text is matched against: placeholders
 * stand for anything. Messages of a single short word ("Open", "Live") could be anybody's content and
 * are matched only as a whole text; the others wherever they stand.
 */
async function englishMessages(): Promise<{ message: string; whole: RegExp; inside: RegExp | null }[]> {
  // The web app's own English catalogues, as its build reads them.
  const source = pathToFileURL(join(import.meta.dirname, '..', 'apps/web/src/i18n/en/index.ts')).href;
  const { english } = (await import(source)) as { english: Record<string, Record<string, string> | (() => Promise<{ default: Record<string, string> }>)> };
  const catalogues = await Promise.all(Object.values(english).map(async (entry) => (typeof entry === 'function' ? (await entry()).default : entry)));
  const messages = new Set(catalogues.flatMap((words) => Object.values(words)));
  return [...messages]
    .filter((message) => !FIXED.has(message) && /[a-z]{3,}/i.test(message.replace(/\{\w+\}/g, '').replace(/Abhyas|English|PIN|GIFT|Aiken|Moodle XML|CSV|Markdown/g, '')))
    .map((message) => {
      const pattern = message
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?');
      const words = message.replace(/\{\w+\}/g, '').trim().split(/\s+/).filter((w) => /[a-z]{2,}/i.test(w));
      return { message, whole: new RegExp(`^${pattern}$`), inside: words.length >= 3 ? new RegExp(pattern) : null };
    });
}

/** The visible text of the page outside content (question text, articles, titles people wrote), one entry per text node. */
async function interfaceText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (!parent || !text) continue;
      // What people wrote carries its own language: an element with a lang other than the page's.
      const marked = parent.closest('[lang]');
      if (marked && marked !== document.documentElement && !marked.getAttribute('lang')?.startsWith('hi')) continue;
      // Key names are printed on the keys (Home, End, Esc) and stay so.
      if (parent.closest('script, style, noscript, kbd, [aria-hidden="true"], [hidden]')) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      texts.push(text);
    }
    // Labels a screen reader reads count too.
    for (const element of Array.from(document.querySelectorAll('[aria-label]'))) texts.push(element.getAttribute('aria-label') ?? '');
    return texts;
  });
}

/** The interface's English messages found on the page. */
function englishFound(texts: string[], messages: Awaited<ReturnType<typeof englishMessages>>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const m of messages) if (m.whole.test(text) || m.inside?.test(text)) found.add(`${m.message}  ←  ${text.slice(0, 80)}`);
  }
  return [...found];
}

async function signedUpInHindi(): Promise<string> {
  const email = `hindi-${Date.now()}@example.com`;
  const res = await api<{ token: string; user: { preferredLanguage: string } }>(baseURL, '/api/auth/register', { method: 'POST', body: { name: 'Sunita Devi', email, password: 'long enough', preferredLanguage: 'hi' } });
  expect(res.status).toBe(201);
  expect(res.body.user.preferredLanguage).toBe('hi');
  return res.body.token;
}

describe('the interface in Hindi', () => {
  it('shows no English sentence of its own on the main pages to a candidate who prefers Hindi', async () => {
    const messages = await englishMessages();
    const token = await signedUpInHindi();
    const { context, page } = await openPage(browser, baseURL, PHONE);
    await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
    const tests = await api<{ data: { slug: string }[] }>(baseURL, '/api/tests');
    const contests = await api<Record<'upcoming' | 'live' | 'past', { slug: string }[]>>(baseURL, '/api/contests');
    const contest = [...contests.body.live, ...contests.body.upcoming, ...contests.body.past][0]!;
    const pages = ['/', '/tests', `/tests/${tests.body.data[0]!.slug}`, '/practice', '/contests', `/contests/${contest.slug}`, '/blogs', '/topics', '/profile', '/notices', '/me/challenges', '/me/attempts'];
    const report: Record<string, string[]> = {};
    for (const path of pages) {
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.lang === 'hi' && document.querySelector('main h1, main h2') !== null);
      await page.waitForLoadState('networkidle');
      const found = englishFound(await interfaceText(page), messages);
      if (found.length > 0) report[path] = found;
      await page.screenshot({ path: join(SHOTS, `hindi${path === '/' ? '-home' : path.replaceAll('/', '-')}.png`), fullPage: true });
    }
    expect(report).toEqual({});
  });

  it('greets a visitor who chose Hindi before signing in, in Hindi from the server’s first answer', async () => {
    const messages = await englishMessages();
    const { context, page } = await openPage(browser, baseURL);
    await context.addCookies([{ name: 'lang', value: 'hi', url: baseURL }]);
    const html = await (await fetch(`${baseURL}/tests`, { headers: { cookie: 'lang=hi' } })).text();
    expect(html).toMatch(/<html[^>]*lang="hi"/);
    expect(html).toMatch(/<title>[^<]*[\u0900-\u097F]/);
    for (const path of ['/', '/login', '/register', '/forgot-password']) {
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.lang === 'hi' && document.querySelector('main h1, main h2') !== null);
      expect(englishFound(await interfaceText(page), messages), path).toEqual([]);
    }
    // The switch brings English back, and keeps it.
    await page.getByRole('button', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'en' && document.querySelector('main h1, main h2') !== null);
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  });
});
