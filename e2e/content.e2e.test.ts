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

describe('reading learning content', () => {
  it('opens the latest blog from the home page and reads it', async () => {
    const { page, pageErrors, consoleLines } = await openPage(browser, baseURL, PHONE);
    await page.goto('/');
    const latest = page.getByRole('link', { name: /How to analyse a mock test/ }).first();
    await latest.waitFor();
    await latest.click();
    await page.waitForURL('**/blogs/how-to-analyse-a-mock-test');
    await page.getByRole('heading', { level: 1, name: /How to analyse a mock test/ }).waitFor();
    expect(await page.locator('article h2').count()).toBeGreaterThan(1);
    expect(await page.locator('article p').count()).toBeGreaterThan(5);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'phone-blog-article.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
    expect(consoleLines.filter((l) => /Content Security Policy|Refused to/i.test(l))).toEqual([]);
  });

  it('lists blogs with covers and reading time', async () => {
    const { page } = await openPage(browser, baseURL, PHONE);
    await page.goto('/blogs');
    await page.getByRole('heading', { name: 'How negative marking really works' }).waitFor();
    expect(await page.getByText(/\d+ min read/).count()).toBeGreaterThanOrEqual(8);
    expect(await page.locator('img[src^="/media/"]').count()).toBeGreaterThanOrEqual(1);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'phone-blogs.png') });
  });

  it('filters topics by category and search, keeps the filter in the URL, and opens one with its math', async () => {
    const { page, pageErrors } = await openPage(browser, baseURL);
    await page.goto('/topics');
    await page.getByRole('searchbox', { name: 'Search topics' }).waitFor();
    await page.getByLabel('Category').selectOption('Banking');
    await page.getByRole('searchbox', { name: 'Search topics' }).fill('interest');
    await page.waitForURL((url) => url.searchParams.get('q') === 'interest' && url.searchParams.get('category') === 'Banking');
    const result = page.getByRole('link', { name: /Simple interest vs compound interest/ });
    await result.waitFor();
    await expect(page.getByRole('link', { name: /Percentages and percentage change/ }).count()).resolves.toBe(0);

    const shared = page.url();
    const { page: second, context: secondContext } = await openPage(browser, baseURL);
    await second.goto(shared);
    await second.getByRole('link', { name: /Simple interest vs compound interest/ }).waitFor();
    expect(await second.getByRole('searchbox', { name: 'Search topics' }).inputValue()).toBe('interest');
    await secondContext.close();

    await result.click();
    await page.waitForURL('**/topics/simple-vs-compound-interest');
    await page.getByRole('heading', { level: 1, name: 'Simple interest vs compound interest' }).waitFor();
    const math = page.locator('article .katex').first();
    await math.waitFor();
    // KaTeX's stylesheet is applied: its math font, not the page's.
    expect(await math.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('KaTeX');
    await page.screenshot({ path: join(SHOTS, 'desktop-topic.png'), fullPage: false });
    expect(pageErrors).toEqual([]);
  });

  it('sends link-preview tags for an article in the HTML itself', async () => {
    const res = await fetch(`${baseURL}/blogs/how-negative-marking-really-works`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<meta property="og:title" content="How negative marking really works · Abhyas"/);
    expect(html).toMatch(/<meta property="og:type" content="article"/);
    // The cover, stored as media like an uploaded image.
    const image = /<meta property="og:image" content="(http[^"]+\/media\/[0-9a-f]{32}\.webp)"/.exec(html)?.[1];
    expect(image).toBeDefined();
    expect((await fetch(`${baseURL}${new URL(image!).pathname}`)).headers.get('content-type')).toBe('image/webp');
    expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/blogs\/how-negative-marking-really-works"/);
    expect(html).toContain('"@type":"Article"');
    expect((await fetch(`${baseURL}/blogs/no-such-post`)).status).toBe(404);
  });
});
