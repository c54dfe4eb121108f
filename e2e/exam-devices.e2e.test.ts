import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './api.js';
import { launchBrowser, openPage } from './browser.js';

// Two devices on one attempt: the one left idle learns from its status polls, within one interval
// (20 s, apps/web/src/features/exam/utils/use-attempt-watch.ts), that the other took over and then submitted.
const POLL_WAIT_MS = 30_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function newCandidate(baseURL: string): Promise<{ email: string; token: string }> {
  const email = `devices-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await api<{ token: string }>(baseURL, '/api/auth/register', { method: 'POST', body: { name: 'Two Devices', email, password: 'practice-hard-1' } });
  expect(res.status).toBe(201);
  return { email, token: res.body.token };
}

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('practice-hard-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${next}`);
}

const questionHeading = (page: Page) => page.getByRole('heading', { name: /^Question \d+ of \d+/ });

describe('an attempt open on two devices', () => {
  it('tells the idle device that the other took over, then that it submitted, and takes no answers meanwhile', { timeout: 180_000 }, async () => {
    const baseURL = inject('baseURL');
    const candidate = await newCandidate(baseURL);
    const a = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    const b = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });

    await signIn(a.page, candidate.email, '/tests/daily-quiz');
    await a.page.getByLabel('I have read the instructions').check();
    await a.page.getByRole('button', { name: 'Start the test' }).click();
    await a.page.waitForURL(/\/attempts\/[^/]+$/);
    const attemptId = a.page.url().split('/').pop()!;
    await questionHeading(a.page).waitFor();
    await a.page.keyboard.press('1');
    await a.page.keyboard.press('s');
    await a.page.getByText('All answers saved').waitFor();

    // Device B opens the same attempt and takes it over; device A is left alone.
    await signIn(b.page, candidate.email, `/attempts/${attemptId}`);
    await b.page.getByText('This attempt is open on another device').waitFor();
    await b.page.getByRole('button', { name: 'Continue here' }).click();
    await b.page.getByRole('button', { name: 'Save & Next' }).and(b.page.locator(':enabled')).waitFor();

    await a.page.getByText('This attempt continues on another device').waitFor({ timeout: POLL_WAIT_MS });
    await a.page.getByText('Answers are now taken on another device').waitFor();
    expect(await a.page.getByRole('button', { name: 'Save & Next' }).isDisabled()).toBe(true);
    expect(await a.page.getByRole('radio').first().isDisabled()).toBe(true);
    await a.page.getByRole('button', { name: 'Continue here' }).waitFor();

    // B answers and submits; A, still idle, is told and pointed to the result.
    await b.page.keyboard.press('2');
    await b.page.keyboard.press('s');
    await b.page.getByText('All answers saved').waitFor();
    await b.page.getByRole('button', { name: 'Submit', exact: true }).first().click();
    await b.page.getByRole('button', { name: 'Submit the test' }).click();
    await b.page.waitForURL(`**/attempts/${attemptId}/result`);

    await a.page.getByRole('heading', { name: 'This attempt was submitted on another device' }).waitFor({ timeout: POLL_WAIT_MS });
    await a.page.getByRole('link', { name: 'See your result' }).click();
    await a.page.waitForURL(`**/attempts/${attemptId}/result`);
    const status = await api<{ data: { status: string; submittedBy: string } }>(baseURL, `/api/attempts/${attemptId}/status`, { token: candidate.token });
    expect(status.body.data).toMatchObject({ status: 'submitted', submittedBy: 'candidate' });
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
