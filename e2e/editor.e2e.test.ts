import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('an editor writes a blog', () => {
  it('drafts with a live preview, publishes it for readers, then deletes it after confirming', async () => {
    const { page, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    await page.goto('/login?next=/admin/blogs/new');
    await page.getByLabel('Email').fill('editor@abhyas.test');
    await page.getByLabel('Password', { exact: true }).fill('practice123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/blogs/new');

    const title = `Speed maths for bank prelims ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Tags').fill('quant, speed-maths');
    await page.getByLabel('Content (Markdown)', { exact: true }).fill('## Squaring near 50\n\nUse $(50 + a)^2 = 2500 + 100a + a^2$.\n\n<img src=x onerror="window.__xss=1">');
    const preview = page.locator('h2', { hasText: 'Squaring near 50' });
    await preview.waitFor();
    await page.locator('.katex').first().waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/blogs\/[^/]+\/edit$/);
    await page.getByText('Draft created').first().waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published').first().waitFor();

    const slug = (await page.getByLabel('Slug').inputValue()) || title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const { page: reader, context: readerContext } = await openPage(browser, baseURL);
    await reader.goto(`/blogs/${slug}`);
    await reader.getByRole('heading', { level: 1, name: title }).waitFor();
    await reader.locator('article .katex').first().waitFor();
    expect(await reader.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await readerContext.close();

    await page.goto('/admin/blogs');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted').first().waitFor();
    await page.getByRole('button', { name: `Delete ${title}` }).waitFor({ state: 'detached' });
    expect((await fetch(`${baseURL}/api/blogs/${slug}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });

  it('keeps candidates out of the editor', async () => {
    const { page } = await openPage(browser, baseURL);
    await page.goto('/login?next=/admin/blogs');
    await page.getByLabel('Email').fill('candidate@abhyas.test');
    await page.getByLabel('Password', { exact: true }).fill('practice123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('You do not have access').waitFor();
  });
});
