import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AxeResults } from 'axe-core';
import { api } from './api.js';
import { launchBrowser } from './browser.js';
import { chooseLanguage, demoFacts, LANGUAGES, newAccount, settle, signInByForm, watchProblems, type Account, type DemoFacts, type Language } from './site.js';

/*
 * Every listed page, in English and Hindi, at a 360-px phone's width and a 1280-px desktop's, is run
 * through axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA); the test fails naming each violation by
 * rule, page and element. A page added to PAGES is scanned from then on. One browser, the pages in
 * sequence, one sign-in per account: each page is opened once and scanned at both widths.
 */

const baseURL = inject('baseURL');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 360, height: 740 },
];

type Visitor = 'visitor' | 'candidate' | 'editor';

/** What a listed page is given to reach the state it is scanned in. */
interface Visit {
  page: Page;
  language: Language;
  facts: DemoFacts;
  account: Account;
  /** This language's candidate's attempt at the daily quiz, started on this browser's device the first time it is asked for. */
  attempt(): Promise<string>;
  /** Says that a request to `path` is refused on purpose, so the browser's console note of it is no problem. */
  expectRefusal(path: string): void;
}

interface ListedPage {
  name: string;
  as: Visitor;
  /** The address to open; none stays on the page the previous entry left. */
  path?: (visit: Visit) => string | Promise<string>;
  /** Brings the opened page to the state scanned (an answer given, a dialog open…). */
  then?: (visit: Visit) => Promise<void>;
}

const DEVICE_ID_KEY = 'abhyasDeviceId';
/** A word of the exam screen in `language`, from the app's own catalogue. */
async function examWord(language: Language, key: string): Promise<string> {
  // A computed path: the catalogue is the web app's source, read here as it is, not type-checked as this project's.
  const catalogue = new URL(`../apps/web/src/i18n/${language}/exam.ts`, import.meta.url).href;
  const words = ((await import(catalogue)) as { default: Record<string, string> }).default;
  expect(words[key], key).toBeDefined();
  return words[key]!;
}

/** Signs in through the form, opening `next` with the sign-in toast on it, held open by the pointer while the page is scanned. */
const signInTo = (next: string) => async ({ page, account }: Visit) => {
  await signInByForm(page, account, next);
  await settle(page);
  await page.locator('[data-sonner-toast]').first().hover();
};

/** The daily quiz's attempt of the signed-in candidate, started on the device this browser writes from. */
async function startAttempt(visit: Visit): Promise<string> {
  const device = `axe-${visit.language}`;
  await visit.page.evaluate(([key, id]) => localStorage.setItem(key!, id!), [DEVICE_ID_KEY, device]);
  const res = await fetch(`${baseURL}/api/tests/${visit.facts.test.slug}/attempts`, { method: 'POST', headers: { authorization: `Bearer ${visit.account.token}`, 'x-device-id': device } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

const PAGES: ListedPage[] = [
  // Public pages, signed out.
  { name: 'home', as: 'visitor', path: () => '/' },
  { name: 'sign-in', as: 'visitor', path: () => '/login' },
  {
    name: 'sign-in refused (its error toast)',
    as: 'visitor',
    then: async ({ page, expectRefusal }) => {
      expectRefusal('/api/auth/login');
      await page.locator('input[type=email]').fill('nobody@example.com');
      await page.locator('input[type=password]').fill('not-the-password');
      await page.locator('main form button[type=submit]').click();
      await page.locator('[data-sonner-toast]').first().hover();
    },
  },
  { name: 'register', as: 'visitor', path: () => '/register' },
  { name: 'forgot password', as: 'visitor', path: () => '/forgot-password' },
  { name: 'reset password', as: 'visitor', path: () => '/reset-password?token=not-a-real-token' },
  { name: 'blogs', as: 'visitor', path: () => '/blogs' },
  { name: 'a blog', as: 'visitor', path: ({ facts }) => `/blogs/${facts.blog.slug}` },
  { name: 'topics', as: 'visitor', path: () => '/topics' },
  { name: 'a topic', as: 'visitor', path: ({ facts }) => `/topics/${facts.topic.slug}` },
  { name: 'tests', as: 'visitor', path: () => '/tests' },
  { name: 'a test’s instructions', as: 'visitor', path: ({ facts }) => `/tests/${facts.test.slug}` },
  { name: 'contests', as: 'visitor', path: () => '/contests' },
  { name: 'a contest', as: 'visitor', path: ({ facts }) => `/contests/${facts.contest.slug}` },
  { name: 'not found', as: 'visitor', path: () => '/no-such-page' },

  // A candidate, signed in through the form (the first page shows its toast).
  { name: 'tests, just signed in (the sign-in toast)', as: 'candidate', then: signInTo('/tests') },
  { name: 'the daily quiz’s instructions', as: 'candidate', path: ({ facts }) => `/tests/${facts.test.slug}` },
  {
    name: 'the exam screen, an answer given and one marked for review',
    as: 'candidate',
    path: async ({ attempt }) => `/attempts/${await attempt()}`,
    then: async ({ page }) => {
      await page.getByRole('grid').first().waitFor();
      const saves = () => page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/answers/'));
      let saved = saves();
      await page.keyboard.press('1');
      await page.keyboard.press('s');
      await saved;
      saved = saves();
      await page.keyboard.press('1');
      await page.keyboard.press('m');
      await saved;
      await expect.poll(() => page.locator('[data-state=answeredMarked]').count()).toBeGreaterThan(0);
    },
  },
  {
    name: 'the exam screen’s submit dialog',
    as: 'candidate',
    then: async ({ page, language }) => {
      await page.getByRole('button', { name: await examWord(language, 'exam.submit.open'), exact: true }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'the result',
    as: 'candidate',
    path: async ({ attempt, language, account }) => {
      const id = await attempt();
      const res = await fetch(`${baseURL}/api/attempts/${id}/submit`, { method: 'POST', headers: { authorization: `Bearer ${account.token}`, 'x-device-id': `axe-${language}` } });
      expect(res.status).toBe(200);
      return `/attempts/${id}/result`;
    },
  },
  { name: 'the review', as: 'candidate', path: async ({ attempt }) => `/attempts/${await attempt()}/review` },
  { name: 'my attempts', as: 'candidate', path: () => '/me/attempts' },
  { name: 'practice', as: 'candidate', path: () => '/practice' },
  {
    name: 'a practice session with its feedback',
    as: 'candidate',
    path: async ({ account }) => {
      const res = await api<{ data: { id: string } }>(baseURL, '/api/practice/sessions', { method: 'POST', token: account.token, body: { source: 'bank', count: 5 } });
      expect(res.status).toBe(201);
      return `/practice/${res.body.data.id}`;
    },
    then: async ({ page }) => {
      await page.locator('fieldset input').first().waitFor();
      const answered = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/answers'));
      await page.keyboard.press('1');
      await page.keyboard.press('Enter');
      expect((await answered).status()).toBe(200);
      await settle(page);
    },
  },
  { name: 'contests, signed in', as: 'candidate', path: () => '/contests' },
  { name: 'a contest, signed in', as: 'candidate', path: ({ facts }) => `/contests/${facts.contest.slug}` },
  { name: 'profile', as: 'candidate', path: () => '/profile' },
  { name: 'notices', as: 'candidate', path: () => '/notices' },
  { name: 'my challenges', as: 'candidate', path: () => '/me/challenges' },

  // An editor's pages, as an administrator (who sees every one).
  { name: 'editor home, just signed in', as: 'editor', then: signInTo('/admin') },
  { name: 'question bank', as: 'editor', path: () => '/admin/questions' },
  { name: 'question editor', as: 'editor', path: ({ facts }) => `/admin/questions/${facts.question}/edit` },
  { name: 'new question', as: 'editor', path: () => '/admin/questions/new' },
  { name: 'question import', as: 'editor', path: () => '/admin/questions/import' },
  { name: 'tests list', as: 'editor', path: () => '/admin/tests' },
  { name: 'test editor', as: 'editor', path: ({ facts }) => `/admin/tests/${facts.test.id}/edit` },
  { name: 'item analysis', as: 'editor', path: ({ facts }) => `/admin/tests/${facts.test.id}/stats` },
  { name: 'contests list', as: 'editor', path: () => '/admin/contests' },
  { name: 'contest editor', as: 'editor', path: ({ facts }) => `/admin/contests/${facts.contest.id}/edit` },
  { name: 'challenges queue', as: 'editor', path: () => '/admin/challenges' },
  { name: 'blogs list', as: 'editor', path: () => '/admin/blogs' },
  { name: 'blog editor', as: 'editor', path: ({ facts }) => `/admin/blogs/${facts.blog.id}/edit` },
  { name: 'topics list', as: 'editor', path: () => '/admin/topics' },
  { name: 'topic editor', as: 'editor', path: ({ facts }) => `/admin/topics/${facts.topic.id}/edit` },
  { name: 'ads', as: 'editor', path: () => '/admin/ads' },
  { name: 'ad editor', as: 'editor', path: ({ facts }) => `/admin/ads/${facts.ad}/edit` },
  { name: 'analytics', as: 'editor', path: () => '/admin/analytics' },
  { name: 'users', as: 'editor', path: () => '/admin/users' },
  { name: 'audit trail', as: 'editor', path: () => '/admin/audit' },
];

/** Runs axe over the page as it is now; each violation as "rule on page: target (summary)". */
async function scan(page: Page, where: string): Promise<string[]> {
  // Once per document: the exam screen's dialog and the width change keep the page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run(ctx: Document, options: object): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    AXE_TAGS,
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} on ${where}: ${node.target.join(' ')} (${node.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? violation.help})`),
  );
}

let browser: Browser;
let facts: DemoFacts;
beforeAll(async () => {
  browser = await launchBrowser();
  facts = await demoFacts(baseURL);
});
afterAll(async () => browser?.close());

interface Session {
  page: Page;
  account: Account;
  problems: string[];
  expectRefusal(path: string): void;
  attempt?: Promise<string>;
}

/** A browser of its own for each kind of visitor, reading `language`, with a new account for the signed-in ones. */
async function openSession(context: BrowserContext, as: Visitor, language: Language): Promise<Session> {
  await chooseLanguage(context, baseURL, language);
  const watcher = await watchProblems(context);
  const page = await context.newPage();
  watcher.watch(page);
  const account = as === 'visitor' ? { email: '', password: '', token: '' } : await newAccount(baseURL, language, as === 'editor' ? 'admin' : 'candidate');
  return { page, account, problems: watcher.problems, expectRefusal: watcher.expectRefusal };
}

describe('accessibility of every listed page', () => {
  it.each(LANGUAGES)('has no axe violation in %s at 360 and 1280 px, nor a console error or CSP violation', { timeout: 300_000 }, async (language) => {
    const violations: string[] = [];
    const sessions = new Map<Visitor, Session>();
    const contexts: BrowserContext[] = [];
    try {
      for (const listed of PAGES) {
        let session = sessions.get(listed.as);
        if (!session) {
          const context = await browser.newContext({ baseURL, viewport: WIDTHS[0] });
          contexts.push(context);
          session = await openSession(context, listed.as, language);
          sessions.set(listed.as, session);
        }
        const current = session;
        const visit: Visit = {
          page: current.page,
          language,
          facts,
          account: current.account,
          attempt: () => (current.attempt ??= startAttempt(visit)),
          expectRefusal: current.expectRefusal,
        };
        await current.page.setViewportSize(WIDTHS[0]!);
        const path = listed.path ? await listed.path(visit) : null;
        if (path !== null) {
          await current.page.goto(path);
          await settle(current.page);
        }
        if (listed.then) await listed.then(visit);
        for (const size of WIDTHS) {
          await current.page.setViewportSize(size);
          violations.push(...(await scan(current.page, `${listed.name} (${path ?? 'as left'}, ${language}, ${size.width} px)`)));
        }
      }
    } finally {
      for (const context of contexts) await context.close();
    }
    expect({ violations, problems: [...sessions.values()].flatMap((s) => s.problems) }).toEqual({ violations: [], problems: [] });
  });
});
