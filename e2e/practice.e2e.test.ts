import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function signIn(page: Page, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill('candidate@abhyas.test');
  await page.getByLabel('Password', { exact: true }).fill('practice123');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('practice', () => {
  it('practises a topic from its page with the keyboard and sees feedback, on a phone', async () => {
    const { page, pageErrors } = await openPage(browser, baseURL, PHONE);
    await signIn(page, '/topics/percentages-and-percentage-change');
    await page.waitForURL('**/topics/percentages-and-percentage-change');
    await page.getByRole('link', { name: 'Practise this topic' }).click();
    await page.waitForURL(/\/practice\/[^/?]+$/);
    await page.getByRole('heading', { name: /Question 1 of \d+/ }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Percentages');
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'phone-practice-question.png'), fullPage: true });

    await page.keyboard.press('1');
    expect(await page.locator('fieldset input:checked').count()).toBe(1);
    await page.keyboard.press('Enter');
    const verdict = page.getByRole('heading', { name: /Correct!|Not quite|Partly right/ });
    await verdict.waitFor();
    await page.getByText('Explanation', { exact: true }).waitFor();
    await page.getByRole('link', { name: /Learn more: / }).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'phone-practice-feedback.png'), fullPage: true });

    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Question 2 of \d+/ }).waitFor();
    await page.getByRole('button', { name: 'Bookmark' }).click();
    await page.getByRole('button', { name: 'Bookmarked' }).waitFor();

    await page.goto('/practice');
    await page.getByRole('heading', { name: 'My bookmarks' }).waitFor();
    await page.getByRole('link', { name: /^Resume: Percentages/ }).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'phone-practice-page.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('shows the mistakes shelf, bookmarks and the session to resume on the practice page', async () => {
    const { page, pageErrors } = await openPage(browser, baseURL);
    await signIn(page, '/practice');
    await page.waitForURL('**/practice');
    await page.getByRole('heading', { level: 1, name: 'Practice' }).waitFor();
    await page.getByRole('link', { name: /^Resume: / }).first().waitFor();
    await page.getByRole('heading', { name: 'My mistakes' }).waitFor();
    await page.getByRole('button', { name: 'Practise my bookmarks' }).waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Start practice' }).click();
    await page.waitForURL(/\/practice\/[^/?]+$/);
    await page.getByRole('heading', { name: /Question 1 of \d+/ }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'desktop-practice-question.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
