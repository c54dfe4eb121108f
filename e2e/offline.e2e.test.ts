import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { api } from './api.js';
import { launchBrowser, openPage, SHOTS } from './browser.js';
import { startServer } from './global-setup.js';

// The offline app (docs/decisions/022): the exam screen reloaded without a connection, from the
// shell the service worker keeps and the attempt's copy the screen keeps on the device.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const questionHeading = (page: Page, n: number) => page.getByRole('heading', { name: new RegExp(`^Question ${n} of \\d+`) });
const cell = (page: Page, n: number) =>
  page
    .getByRole('grid', { name: /^Question palette/ })
    .first()
    .getByRole('button', { name: new RegExp(`^Question ${n}, `) });
/** The overall countdown, in seconds left. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').last().textContent()) ?? '';
  const [minutes = 'NaN', seconds = 'NaN'] = text.split(':');
  return Number(minutes) * 60 + Number(seconds);
}

/** Every entry in the page's Cache Storage: its address and the type of what it holds. */
const cachedEntries = (page: Page) =>
  page.evaluate(async () => {
    const entries: { url: string; type: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) entries.push({ url: request.url, type: (await cache.match(request))?.headers.get('content-type') ?? '' });
    }
    return entries;
  });

/** What the worker must never have stored: an answer of the API, by its path or its type. */
const serverAnswers = (entries: { url: string; type: string }[]) =>
  entries.filter(({ url, type }) => /^\/(api|public|media|topics\/all)(\/|$)/.test(new URL(url).pathname) || /^application\/(json|problem\+json)/.test(type));

/** The attempt copies the exam screen keeps in IndexedDB. */
const attemptCopies = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('abhyas-exam');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result.transaction('attempts').objectStore('attempts').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String).filter((key) => key.startsWith('copy:')));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );

/** A new candidate, signed in on `page` by its stored token, with the worker installed and in control of the page. */
async function candidateOn(page: Page, baseURL: string, label: string): Promise<string> {
  const email = `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const registered = await api<{ token: string }>(baseURL, '/api/auth/register', { method: 'POST', body: { name: 'Offline Candidate', email, password: 'practice-hard-1' } });
  expect(registered.status).toBe(201);
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('authToken', value), registered.body.token);
  // The worker installs with the first page and keeps the shell before it is ready.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return registered.body.token;
}

/** Starts the Daily Quiz from its instructions and answers its id once the exam screen shows. */
async function startDailyQuiz(page: Page): Promise<string> {
  await page.goto('/tests/daily-quiz');
  await page.getByLabel('I have read the instructions').check();
  await page.getByRole('button', { name: 'Start the test' }).click();
  await page.waitForURL(/\/attempts\/[^/]+$/);
  await questionHeading(page, 1).waitFor();
  return page.url().split('/').pop()!;
}

describe('the exam screen offline', () => {
  it('reloads without a connection with its answers and a running clock, takes more answers, and sends them all when the link returns', { timeout: 180_000 }, async () => {
    const baseURL = inject('baseURL');
    const { page, context, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    const token = await candidateOn(page, baseURL, 'offline');
    const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
    expect(manifest).toBe('/manifest.webmanifest');

    const attemptId = await startDailyQuiz(page);
    await page.keyboard.press('1');
    await page.keyboard.press('s');
    await questionHeading(page, 2).waitFor();
    await page.keyboard.press('2');
    await page.keyboard.press('s');
    await questionHeading(page, 3).waitFor();
    await page.getByText('All answers saved').waitFor();
    const endsAt = Date.parse((await api<{ data: { endsAt: string } }>(baseURL, `/api/attempts/${attemptId}`, { token })).body.data.endsAt);

    // The link drops and the candidate reloads: the exam screen comes back from the device.
    await context.setOffline(true);
    await page.reload();
    await questionHeading(page, 3).waitFor();
    await expect(cell(page, 1).getAttribute('data-state')).resolves.toBe('answered');
    await expect(cell(page, 2).getAttribute('data-state')).resolves.toBe('answered');
    await page.getByText('No connection: answers you give now are kept on this device').waitFor();
    const first = await secondsLeft(page);
    expect(Math.abs(first - (endsAt - Date.now()) / 1000)).toBeLessThan(5);
    await page.waitForTimeout(2_100);
    expect(await secondsLeft(page)).toBeLessThan(first);
    await page.screenshot({ path: join(SHOTS, 'desktop-exam-reloaded-offline.png') });

    // More answers, kept on the device meanwhile.
    await page.keyboard.press('1');
    await page.keyboard.press('s');
    await questionHeading(page, 4).waitFor();
    await page.getByText(/^No connection: \d+ answers? kept on this device$/).first().waitFor();
    await expect(cell(page, 3).getAttribute('data-on-device')).resolves.toBe('true');

    // The worker holds the exam screen's files, and no answer of the API.
    const offlineCache = await cachedEntries(page);
    for (const file of [/\/assets\/exam-page-[\w-]+\.js$/, /\/assets\/en-exam-[\w-]+\.js$/, /\/assets\/hi-exam-[\w-]+\.js$/, /\/assets\/hi-common-[\w-]+\.js$/, /\/assets\/noto-sans-devanagari-[\w-]+\.woff2$/, /\/index\.html/]) {
      expect(offlineCache.some(({ url }) => file.test(url)), String(file)).toBe(true);
    }
    expect(offlineCache.some(({ url }) => /\/assets\/admin-[\w-]+\.js$/.test(url))).toBe(false);
    expect(serverAnswers(offlineCache)).toEqual([]);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText('All answers saved').waitFor({ timeout: 30_000 });
    const saved = await api<{ data: { answers: { questionId: string; state: string }[] } }>(baseURL, `/api/attempts/${attemptId}`, { token });
    expect(saved.body.data.answers.filter((a) => a.state === 'answered')).toHaveLength(3);
    expect(await attemptCopies(page)).toEqual([`copy:${attemptId}`]);

    await page.getByRole('button', { name: 'Submit', exact: true }).first().click();
    await page.getByRole('button', { name: 'Submit the test' }).click();
    await page.waitForURL(`**/attempts/${attemptId}/result`);
    await page.getByText('Rank').first().waitFor();
    const result = await api<{ data: { correct: number; wrong: number; partial: number } }>(baseURL, `/api/attempts/${attemptId}/result`, { token });
    expect(result.body.data.correct + result.body.data.wrong + result.body.data.partial).toBe(3);

    // The review carries the key: seen online, it is still never in Cache Storage, and the submitted attempt's copy is gone.
    await page.getByRole('link', { name: 'Review answers' }).click();
    await page.getByRole('heading', { name: 'Answers and explanations' }).waitFor();
    const afterReview = await cachedEntries(page);
    expect(afterReview.length).toBeGreaterThan(0);
    expect(serverAnswers(afterReview)).toEqual([]);
    expect(await attemptCopies(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('a new version of the app', () => {
  it('waits while an exam screen is open, and takes over once it has closed', { timeout: 240_000 }, async () => {
    // A server of its own over a copy of the built app, whose worker this test changes.
    const dist = mkdtempSync(join(tmpdir(), 'abhyas-e2e-web-'));
    cpSync(resolve(import.meta.dirname, '../apps/web/dist'), dist, { recursive: true });
    rmSync(join(dist, 'sw.js.br'), { force: true });
    rmSync(join(dist, 'sw.js.gz'), { force: true });
    const server = await startServer({ WEB_DIST_DIR: dist });
    onTestFinished(async () => {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
      rmSync(server.dir, { recursive: true, force: true });
      rmSync(dist, { recursive: true, force: true });
    });

    const { page: exam, context, pageErrors } = await openPage(browser, server.baseURL, { viewport: { width: 1280, height: 900 } });
    await candidateOn(exam, server.baseURL, 'update');
    await startDailyQuiz(exam);
    const other = await context.newPage();
    await other.goto('/tests');
    await other.getByRole('heading', { level: 1 }).first().waitFor();

    // The next version is published; the other tab finds it, and it waits.
    writeFileSync(join(dist, 'sw.js'), `${readFileSync(join(dist, 'sw.js'), 'utf8')}\n// the next version\n`);
    await other.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await other.getByText('A new version of Abhyas is ready.').waitFor();
    expect(await exam.getByText('A new version of Abhyas is ready.').count()).toBe(0);
    await other.getByRole('button', { name: 'Reload to update' }).click();
    await other.getByText('The update waits until the test open in another tab is submitted or closed.').waitFor();
    const waiting = () => other.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
    expect(await waiting()).toBe(true);

    // The exam screen goes on with the version it began with.
    await exam.keyboard.press('1');
    await exam.keyboard.press('s');
    await questionHeading(exam, 2).waitFor();
    await exam.getByText('All answers saved').waitFor();
    await exam.getByRole('button', { name: 'Submit', exact: true }).first().click();
    await exam.getByRole('button', { name: 'Submit the test' }).click();
    await exam.waitForURL(/\/result$/);
    await exam.getByText('Rank').first().waitFor();

    // No exam screen is open any more: asked again, the new version takes over and the tab reloads into it.
    await Promise.all([other.waitForEvent('load'), other.getByRole('button', { name: 'Reload to update' }).click()]);
    expect(await waiting()).toBe(false);
    await other.getByRole('heading', { level: 1 }).first().waitFor();
    expect(pageErrors).toEqual([]);
  });
});
