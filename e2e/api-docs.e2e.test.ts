import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SHOTS } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('the API reference page', () => {
  it('shows every operation of the document, offline and under the strict Content-Security-Policy', async () => {
    const doc = (await (await fetch(`${baseURL}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { tags: string[] }>> };
    // The page lists an operation under each of its tags.
    const listed = Object.values(doc.paths).flatMap((ops) => Object.values(ops)).reduce((sum, op) => sum + op.tags.length, 0);

    const { page, context, consoleLines, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    const elsewhere: string[] = [];
    page.on('request', (r) => void (r.url().startsWith(baseURL) || r.url().startsWith('data:') || elsewhere.push(r.url())));
    await page.goto('/api/docs');
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBe(listed);
    await page.locator('.opblock-summary', { hasText: '/api/admin/users/{id}/role' }).first().click();
    await page.getByText('Signed in without a role this needs').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'api-docs.png') });

    expect(consoleLines.filter((line) => /Content.Security.Policy|Refused/i.test(line))).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
