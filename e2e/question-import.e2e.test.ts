import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { png } from '../apps/server/test/fixtures/images.js';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';

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

    const { page, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
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
  });
});

describe('an editor writes a question with a figure on a phone', () => {
  it('uploads the figure into the text, links a topic, sees both in the preview, and saves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'abhyas-figure-'));
    const figure = join(dir, 'pie-chart.png');
    writeFileSync(figure, png(120, 80, 60));

    const { page, pageErrors } = await openPage(browser, baseURL, PHONE);
    await page.goto('/login?next=/admin/questions/new');
    await page.getByLabel('Email').fill('editor@abhyas.test');
    await page.getByLabel('Password', { exact: true }).fill('practice123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/questions/new');

    const stem = page.getByLabel('Question (Markdown)', { exact: true });
    await stem.fill(`The chart shows a budget (${stamp}). What share goes to rent?\n\n`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert image into Question (Markdown)' }).click();
    await (await chooser).setFiles(figure);
    await expect.poll(() => stem.inputValue()).toMatch(/!\[pie chart\]\(\/media\/[0-9a-f]{32}\.png\)/);

    for (const [letter, text] of [['A', '25%'], ['B', '40%'], ['C', '20%'], ['D', '15%']]) {
      await page.getByRole('textbox', { name: `Option ${letter}`, exact: true }).fill(text!);
    }
    await page.getByRole('radio', { name: 'Correct (option A)' }).check();
    await page.getByLabel('Learning topic').selectOption({ label: 'Percentages and percentage change' });

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const image = page.locator('img[alt="pie chart"]').first();
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await page.screenshot({ path: join(SHOTS, 'phone-question-figure-preview.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Write', exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Question saved as a draft').waitFor();

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const res = await fetch(`${baseURL}/api/admin/questions?search=${stamp}&topic=percentages-and-percentage-change`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: { stemHtml: string; topic: { title: string } | null }[] };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.topic?.title).toBe('Percentages and percentage change');
    expect(body.data[0]?.stemHtml).toMatch(/<img src="\/media\/[0-9a-f]{32}\.png" alt="pie chart"/);
    expect(pageErrors).toEqual([]);
  });
});
