import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, pageOverflow } from './api.js';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function signIn(page: Page, email: string, password: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${next}`);
}

/** A new candidate with a submitted attempt at the daily quiz, everything left blank. */
async function candidateWithAttempt(): Promise<{ email: string; attemptId: string }> {
  const email = `challenger-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const registered = await api<{ token: string }>(baseURL, '/api/auth/register', { method: 'POST', body: { name: 'Kiran Challenger', email, password: 'practice-hard-1' } });
  expect(registered.status).toBe(201);
  const headers = { authorization: `Bearer ${registered.body.token}`, 'x-device-id': 'e2e-desk' };
  const started = await fetch(`${baseURL}/api/tests/daily-quiz/attempts`, { method: 'POST', headers });
  const attemptId = ((await started.json()) as { data: { id: string } }).data.id;
  const submitted = await fetch(`${baseURL}/api/attempts/${attemptId}/submit`, { method: 'POST', headers });
  expect(submitted.status).toBe(200);
  return { email, attemptId };
}

describe('an answer-key challenge, from the review to the editor’s decision and back', () => {
  it('is sent from the review on a phone, decided in the editors’ queue, and answered in the candidate’s notices', { timeout: 180_000 }, async () => {
    const { email, attemptId } = await candidateWithAttempt();

    // The candidate challenges the key of question 1 from the review, on a phone.
    const phone = await openPage(browser, baseURL, PHONE);
    await signIn(phone.page, email, 'practice-hard-1', `/attempts/${attemptId}/review`);
    await phone.page.getByText('You can challenge the answer key of any question').waitFor();
    await phone.page.getByRole('button', { name: 'Challenge the answer key' }).first().click();
    const dialog = phone.page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'The key is wrong' }).check();
    await dialog.getByLabel('Comment (optional)').fill('The keyed option does not follow from the question.');
    expect(await pageOverflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: join(SHOTS, 'phone-challenge-dialog.png') });
    await dialog.getByRole('button', { name: 'Send challenge' }).click();
    await phone.page.getByText(/^Challenge sent on/).first().waitFor();
    expect(await pageOverflow(phone.page)).toBeLessThanOrEqual(0);

    // The editor finds it in the queue, on the desktop, and keeps the key with a reply.
    const desk = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    await signIn(desk.page, 'editor@abhyas.test', 'practice123', '/admin/challenges');
    const card = desk.page.locator('article').filter({ hasText: 'The keyed option does not follow from the question.' });
    await card.waitFor();
    // A question decided before shows its forms folded away.
    const revise = card.getByText('Revise the decision or close reports', { exact: true });
    if (await revise.count()) await revise.click();
    await card.getByRole('radio', { name: 'Keep the key' }).check();
    await card.getByLabel('Note to candidates').fill('The keyed option is right: the question gives every figure it needs.');
    await card.getByRole('button', { name: 'Decide and re-mark' }).click();
    await desk.page.getByRole('dialog').getByRole('button', { name: 'Re-mark' }).click();
    await desk.page.getByText(/^Re-marked \d+ attempts; 0 scores changed$/).waitFor();
    await desk.page.screenshot({ path: join(SHOTS, 'desktop-challenge-queue.png'), fullPage: true });

    // The candidate reads the answer in their notices.
    await phone.page.goto('/notices');
    await phone.page.getByText(/^Your challenge to Q1 in .+ was answered: the key was checked and stays as it was\.$/).waitFor();
    await phone.page.getByText('Editor’s reply: The keyed option is right: the question gives every figure it needs.').waitFor();
    expect(await pageOverflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: join(SHOTS, 'phone-notices.png'), fullPage: true });
    expect(phone.pageErrors).toEqual([]);
    expect(desk.pageErrors).toEqual([]);
  });
});
