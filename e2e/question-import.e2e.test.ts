import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const stamp = Date.now().toString(36);
const GIFT = `// A teacher's file, written for this test.
$CATEGORY: E2E ${stamp}/Percentages

::Q1:: What is 20% of 150 (${stamp})? {=30 ~20 ~25 ~35 ####150 × 0.2 = 30.}

::Q2:: A price falls from ₹200 to ₹150. The fall is (${stamp}) {~20% =25% ~30% ~50%}

The Earth orbits the Sun (${stamp}). {T}

Name the unit of electric current (${stamp}). {=ampere =amp}
`;

describe('an editor imports a question file', () => {
  it('previews it with the skipped question named, imports it, and finds the questions in the list', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'abhyas-import-'));
    const file = join(dir, 'percentages.gift');
    writeFileSync(file, GIFT);

    const { page, context, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    await page.goto('/login?next=/admin/questions/import');
    await page.getByLabel('Email').fill('editor@abhyas.test');
    await page.getByLabel('Password', { exact: true }).fill('practice123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/questions/import');

    await page.getByLabel('Question file').setInputFiles(file);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Import 3 questions' }).waitFor();
    await expect(page.getByText('line 10').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText(/short answer/i).first().isVisible()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'desktop-import-preview.png'), fullPage: true });

    await page.getByRole('button', { name: 'Import 3 questions' }).click();
    await page.getByText('Import finished').waitFor();

    await page.goto(`/admin/questions?search=${stamp}`);
    for (const text of [`What is 20% of 150 (${stamp})?`, `The Earth orbits the Sun (${stamp}).`]) {
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    const res = await fetch(`${baseURL}/api/admin/questions?search=${stamp}`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('authToken'))}` },
    });
    const body = (await res.json()) as { total: number; data: { categoryPath: string; status: string }[] };
    expect(body.total).toBe(3);
    expect(body.data.every((q) => q.categoryPath === `E2E ${stamp}/Percentages` && q.status === 'draft')).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
