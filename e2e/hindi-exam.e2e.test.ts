import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './api.js';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';

// A candidate who reads Hindi sits the bilingual SSC paper on a phone, as the real exam lets them:
// Hindi by default, one question looked at in English, the link lost and the page reloaded, and a
// Hindi result and review at the end.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

type Words = Record<string, string>;
/** The web app's Hindi catalogues, as the built app shows them. */
async function hindi(...names: string[]): Promise<Words> {
  const source = pathToFileURL(join(import.meta.dirname, '..', 'apps/web/src/i18n/hi/index.ts')).href;
  const { hindi: catalogues } = (await import(source)) as { hindi: Record<string, () => Promise<{ default: Words }>> };
  const loaded = await Promise.all(names.map(async (name) => (await catalogues[name]!()).default));
  return Object.assign({}, ...loaded) as Words;
}

const pattern = (template: string, values: Record<string, string | number>) =>
  new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{(\w+)\\\}/g, (_, name: string) => String(values[name] ?? '.+'))}`);
const devanagari = /[\u0900-\u097F]/;

/** The question on screen: its stem's language and text. */
const stem = (page: Page) =>
  page.evaluate(() => {
    const text = document.querySelector('section[aria-labelledby$="-heading"] .prose');
    return { lang: text?.closest('[lang]')?.getAttribute('lang') ?? null, text: text?.textContent ?? '' };
  });

describe('the SSC paper in Hindi on a phone', () => {
  it('is taken in Hindi, one question read in English, through a reload without a connection, to a Hindi result and review', { timeout: 240_000 }, async () => {
    const baseURL = inject('baseURL');
    const w = await hindi('common', 'papers', 'exam');
    const email = `hindi-ssc-${Date.now().toString(36)}@example.com`;
    const registered = await api<{ token: string }>(baseURL, '/api/auth/register', { method: 'POST', body: { name: 'Ramesh Kumar', email, password: 'practice-hard-1', preferredLanguage: 'hi' } });
    expect(registered.status).toBe(201);
    const token = registered.body.token;

    const { page, context, pageErrors } = await openPage(browser, baseURL, PHONE);
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('authToken', value), token);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // The instructions, in Hindi, ask for the default language, Hindi chosen already.
    await page.goto('/tests/ssc-cgl-tier-1-mock-1');
    await page.getByText(w['exam.intro.language.title']!).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await expect(page.getByRole('radio', { name: 'हिन्दी' }).isChecked()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'phone-hindi-ssc-instructions.png'), fullPage: true });
    await page.getByLabel(w['exam.intro.agree']!).check();
    await page.getByRole('button', { name: w['exam.intro.start']! }).click();
    await page.waitForURL(/\/attempts\/[^/]+$/);
    const attemptId = page.url().split('/').pop()!;
    const heading = (n: number) => page.getByRole('heading', { name: pattern(w['exam.question.heading']!, { number: n }) });
    await heading(1).waitFor();

    // The question opens in Hindi; "View In" shows it in English and back, the answer untouched.
    const first = await stem(page);
    expect(first.lang).toBe('hi');
    expect(first.text).toMatch(devanagari);
    await page.screenshot({ path: join(SHOTS, 'phone-hindi-ssc-question.png') });
    await page.getByLabel(w['exam.viewIn.label']!).selectOption('en');
    await expect.poll(async () => (await stem(page)).lang).toBe('en');
    expect((await stem(page)).text).not.toMatch(devanagari);
    await page.screenshot({ path: join(SHOTS, 'phone-hindi-ssc-question-in-english.png') });
    await page.getByLabel(w['exam.viewIn.label']!).selectOption('hi');
    await expect.poll(async () => (await stem(page)).text).toBe(first.text);

    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: w['exam.action.saveNext']!, exact: true }).click();
    await heading(2).waitFor();
    await page.getByText(w['exam.status.saved']!).waitFor();

    // The link drops and the candidate reloads: the paper comes back in Hindi from the device.
    await context.setOffline(true);
    await page.reload();
    await heading(2).waitFor();
    await page.getByText(w['exam.status.offlineNone']!).waitFor();
    expect((await stem(page)).lang).toBe('hi');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: w['exam.action.saveNext']!, exact: true }).click();
    await heading(3).waitFor();
    await page.screenshot({ path: join(SHOTS, 'phone-hindi-ssc-offline.png') });

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText(w['exam.status.saved']!).waitFor({ timeout: 30_000 });
    const saved = await api<{ data: { answers: { state: string }[]; view: { language: string } } }>(baseURL, `/api/attempts/${attemptId}`, { token });
    expect(saved.body.data.answers.filter((a) => a.state === 'answered')).toHaveLength(2);
    expect(saved.body.data.view.language).toBe('hi');

    // Submitted from the header (no palette drawer on a phone), to a result and a review in Hindi.
    await page.getByRole('button', { name: w['exam.submit.open']!, exact: true }).first().click();
    await page.getByRole('button', { name: w['exam.submit.confirm']! }).click();
    await page.waitForURL(`**/attempts/${attemptId}/result`);
    await page.getByText(w['exam.result.rank']!).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await page.screenshot({ path: join(SHOTS, 'phone-hindi-ssc-result.png'), fullPage: true });
    await page.goto(`/attempts/${attemptId}/review`);
    await page.getByRole('heading', { name: w['exam.review.title']! }).waitFor();
    const reviewText = await page.locator('main .prose').first().textContent();
    expect(reviewText).toMatch(devanagari);
    await page.screenshot({ path: join(SHOTS, 'phone-hindi-ssc-review.png') });
    expect(pageErrors).toEqual([]);
  });
});
