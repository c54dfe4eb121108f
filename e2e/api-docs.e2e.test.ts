import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SHOTS } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The distinct operation blocks the page shows from its top to its bottom. */
async function operationsShown(page: Page): Promise<number> {
  const seen = new Set<string>();
  for (let unchanged = 0, y = 0; unchanged < 3; ) {
    const ids = await page.locator('.opblock').evaluateAll((blocks) => blocks.map((b) => b.id));
    const before = seen.size;
    for (const id of ids) seen.add(id);
    const bottom = await page.evaluate((to) => {
      window.scrollTo(0, to);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    }, y);
    y += 600;
    await page.waitForTimeout(50);
    unchanged = bottom && seen.size === before ? unchanged + 1 : 0;
  }
  return seen.size;
}

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
    // A long list is virtualised (only the blocks near the viewport are in the page), so the
    // operations are gathered while the page is scrolled from top to bottom.
    expect(await operationsShown(page)).toBe(listed);
    const role = page.locator('.opblock-summary', { hasText: '/api/admin/users/{id}/role' }).first();
    for (let y = 0; (await role.count()) === 0 && y < 100_000; y += 600) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await page.waitForTimeout(50);
    }
    await role.click();
    await page.getByText('Signed in without a role this needs').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'api-docs.png') });

    expect(consoleLines.filter((line) => /Content.Security.Policy|Refused/i.test(line))).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
