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

const SSC = 'SSC CGL Tier I: Full Mock Test 1';
// Against the element's own width: a phone's layout viewport (innerWidth) widens to fit what overflows.
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function signInAsEditor(page: Page, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill('editor@abhyas.test');
  await page.getByLabel('Password', { exact: true }).fill('practice123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${next}`);
}

describe('item analysis', () => {
  it('an editor opens the demo SSC paper’s analysis from the tests list, sorts it and reads a question’s options, on a desktop', { timeout: 180_000 }, async () => {
    const { page, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    await signInAsEditor(page, '/admin/tests');
    await page.getByRole('link', { name: `Item analysis ${SSC}` }).click();
    await page.waitForURL(/\/admin\/tests\/[^/]+\/stats$/);
    await page.getByRole('heading', { name: 'Test statistics' }).waitFor();
    // The demo's 30 peers, and any candidate an earlier end-to-end test sent through the paper. The
    // first analysis of a 100-question paper is computed in slices that let other requests run: on a
    // machine running the whole suite at once, that takes longer than a click's wait.
    await page.getByText(/\b(3\d|[4-9]\d) submitted first attempts/).first().waitFor({ timeout: 120_000 });
    const rows = page.locator('[role="region"] > table > tbody > tr');
    expect(await rows.count()).toBe(100);

    await page.getByRole('button', { name: 'Flags' }).click();
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toBe('Flags');
    await page.getByRole('button', { name: 'Options chosen for question 1', exact: true }).click();
    await page.getByRole('table', { name: 'How often each option of question 1 was chosen' }).waitFor();
    expect(await page.getByRole('meter').count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: join(SHOTS, 'desktop-item-analysis.png'), fullPage: false });
    await page.getByRole('heading', { name: 'Questions' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'desktop-item-analysis-questions.png') });
    expect(pageErrors).toEqual([]);
  });

  it('fits a phone: the table scrolls inside its own box, the page does not', async () => {
    const { page, pageErrors } = await openPage(browser, baseURL, PHONE);
    await signInAsEditor(page, '/admin/tests');
    await page.getByRole('link', { name: `Item analysis ${SSC}` }).click();
    await page.getByRole('heading', { name: 'Test statistics' }).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const region = page.getByRole('region', { name: 'Statistics of each question' });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'phone-item-analysis.png'), fullPage: false });
    await page.getByRole('button', { name: 'Options chosen for question 2', exact: true }).click();
    const options = page.getByRole('table', { name: 'How often each option of question 2 was chosen' });
    await options.waitFor();
    // The options are shown whole at the left of the scrolling box.
    const box = await options.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await options.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'phone-item-analysis-options.png') });
    expect(pageErrors).toEqual([]);
  });

  it('says how many first attempts a test still needs', async () => {
    const { page } = await openPage(browser, baseURL, PHONE);
    await signInAsEditor(page, '/admin/tests');
    await page.getByRole('link', { name: 'Item analysis JEE Sectional Test: Physics, Chemistry and Mathematics' }).click();
    await page.getByRole('heading', { name: 'Not enough attempts yet' }).waitFor();
    await page.getByText('0 of 20 first attempts so far').waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});
