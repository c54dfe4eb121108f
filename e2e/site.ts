import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './api.js';

/** The languages the whole interface is written in; a page is checked in each. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The demo content the listed pages open: slugs for the public pages, ids for the editors'. */
export interface DemoFacts {
  blog: { slug: string; id: string };
  topic: { slug: string; id: string };
  test: { slug: string; id: string };
  contest: { slug: string; id: string };
  question: string;
  ad: string;
}

async function signInByApi(baseURL: string, email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(baseURL, '/api/auth/login', { method: 'POST', body: { email, password } });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return res.body.token;
}

/** The first item of an editors' list that `fits`, read with the demo administrator's token. */
async function first<T>(baseURL: string, token: string, path: string, fits: (item: T) => boolean = () => true): Promise<T> {
  const res = await api<{ data: T[] }>(baseURL, path, { token });
  expect(res.status, path).toBe(200);
  const found = res.body.data.find(fits);
  expect(found, path).toBeDefined();
  return found!;
}

type Article = { slug: string; id: string; content: string };
/** Articles with a table, the widest thing a reading page shows. */
const hasTable = (item: Article) => /^\|.*\|$/m.test(item.content);

export async function demoFacts(baseURL: string): Promise<DemoFacts> {
  const token = await signInByApi(baseURL, 'admin@abhyas.test', 'practice123');
  const tests = await api<{ data: { slug: string; id: string }[] }>(baseURL, '/api/admin/tests', { token });
  const daily = tests.body.data.find((t) => t.slug === 'daily-quiz');
  expect(daily, 'the demo daily quiz').toBeDefined();
  return {
    blog: await first<Article>(baseURL, token, '/api/admin/blogs?status=published&pageSize=100', hasTable),
    topic: await first<Article>(baseURL, token, '/api/admin/topics?status=published&pageSize=100', hasTable),
    test: daily!,
    contest: await first(baseURL, token, '/api/admin/contests'),
    question: (await first<{ id: string }>(baseURL, token, '/api/admin/questions?status=published')).id,
    ad: (await first<{ id: string }>(baseURL, token, '/api/admin/ads')).id,
  };
}

export interface Account {
  email: string;
  password: string;
  token: string;
}

/**
 * A new account of its own reading `language` (its `preferredLanguage`, which a signed-in page
 * follows), made an administrator by the demo's when `role` says so: no other test's account changes.
 */
export async function newAccount(baseURL: string, language: Language, role: 'candidate' | 'admin'): Promise<Account> {
  const email = `${role}-${language}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'practice-hard-1';
  const res = await api<{ token: string; user: { id: string } }>(baseURL, '/api/auth/register', {
    method: 'POST',
    body: { name: role === 'admin' ? 'Meera Editor' : 'Kiran Candidate', email, password, preferredLanguage: language },
  });
  expect(res.status).toBe(201);
  if (role === 'admin') {
    const admin = await signInByApi(baseURL, 'admin@abhyas.test', 'practice123');
    const promoted = await api(baseURL, `/api/admin/users/${res.body.user.id}/role`, { method: 'PATCH', token: admin, body: { role: 'admin' } });
    expect(promoted.status).toBe(200);
  }
  return { email, password, token: res.body.token };
}

/** A browser whose language choice (the `lang` cookie) is `language`, as after using the header's switch. */
export async function chooseLanguage(context: BrowserContext, baseURL: string, language: Language): Promise<void> {
  await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
}

/** Signs in through the sign-in form, which leaves its toast on the page it opens. */
export async function signInByForm(page: Page, account: Pick<Account, 'email' | 'password'>, next: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.locator('input[type=email]').fill(account.email);
  await page.locator('input[type=password]').fill(account.password);
  await page.locator('main form button[type=submit]').click();
  await page.waitForURL(`**${next}`);
}

/**
 * What went wrong on a page while it was watched: console errors, uncaught errors and the content
 * security policy's refusals (each `securitypolicyviolation` event), for every page the context opens.
 */
export async function watchProblems(context: BrowserContext): Promise<{ problems: string[]; watch(page: Page): void; expectRefusal(path: string): void }> {
  const problems: string[] = [];
  const refused = new Set<string>();
  await context.exposeBinding('reportPolicyViolation', ({ page }, text: string) => {
    problems.push(`CSP violation on ${new URL(page.url()).pathname}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation(text: string): void }).reportPolicyViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return {
    problems,
    /** A refusal the test asks for (a wrong password): the browser's note of its failed request is not a problem. */
    expectRefusal(path: string) {
      refused.add(path);
    },
    watch(page: Page) {
      const where = () => new URL(page.url()).pathname;
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const source = message.location().url;
        if (source && refused.has(new URL(source).pathname) && message.text().startsWith('Failed to load resource')) return;
        problems.push(`console error on ${where()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error on ${where()}: ${error.message}`));
    },
  };
}

/**
 * Waits until the page has its content: the network quiet (a live contest's event stream never is,
 * hence the bound) and no spinner or placeholder left in the page's main area.
 */
export async function settle(page: Page): Promise<void> {
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('main .animate-spin, main .animate-pulse, main [role=status][aria-busy=true]'), null, { timeout: 8_000 })
    .catch(() => undefined);
}
