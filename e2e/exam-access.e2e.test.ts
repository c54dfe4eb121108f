import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './api.js';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';
import { lowContrastText } from './contrast.js';

// The exam screen for every candidate: text size and high contrast kept per candidate, a 1280-px
// screen zoomed to 200 %, the keyboard, and the submit summary on a 360-px phone.

/** A 1280 × 800 screen with the browser zoomed to 200 %: a 640 × 400 CSS viewport at twice the pixels. */
const ZOOMED: BrowserContextOptions = { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 };
const SCREEN = '[style*="--type-scale"]';

let browser: Browser;
let baseURL: string;
let slug: string;
beforeAll(async () => {
  browser = await launchBrowser();
  baseURL = inject('baseURL');
  // A test in three sections with long names, as on a real paper.
  const editor = await api<{ token: string }>(baseURL, '/api/auth/login', { method: 'POST', body: { email: 'editor@abhyas.test', password: 'practice123' } });
  const questions = await api<{ data: { id: string }[] }>(baseURL, '/api/admin/questions?status=published&type=single&pageSize=9', { token: editor.body.token });
  const ids = questions.body.data.map((q) => q.id);
  expect(ids).toHaveLength(9);
  slug = `access-${Date.now().toString(36)}`;
  const created = await api<{ data: { id: string } }>(baseURL, '/api/admin/tests', {
    method: 'POST',
    token: editor.body.token,
    body: {
      title: `Combined Graduate Level Tier I ${slug}`,
      slug,
      durationMinutes: 60,
      graceSeconds: 0,
      sections: [
        { title: 'General Intelligence and Reasoning', marks: 2, negativeMarks: 0.5, questionIds: ids.slice(0, 3) },
        { title: 'Quantitative Aptitude', marks: 2, negativeMarks: 0.5, questionIds: ids.slice(3, 6) },
        { title: 'English Comprehension', marks: 2, negativeMarks: 0.5, questionIds: ids.slice(6, 9) },
      ],
    },
  });
  expect(created.status).toBe(201);
  expect((await api(baseURL, `/api/admin/tests/${created.body.data.id}/publish`, { method: 'POST', token: editor.body.token })).status).toBe(200);
});
afterAll(async () => browser?.close());

/** A new candidate, signed in on every page the context opens (the app reads the token from storage). */
async function candidatePage(options: BrowserContextOptions, language: 'en' | 'hi' = 'en') {
  const email = `access-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await api<{ token: string }>(baseURL, '/api/auth/register', { method: 'POST', body: { name: 'Access Candidate', email, password: 'practice-hard-1', preferredLanguage: language } });
  expect(res.status).toBe(201);
  const opened = await openPage(browser, baseURL, options);
  await opened.context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
  await opened.context.addInitScript((token) => localStorage.setItem('authToken', token), res.body.token);
  const userId = JSON.parse(Buffer.from(res.body.token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return { ...opened, userId: userId.sub };
}

/** Starts the test from its instructions page and waits for the first question. */
async function startTest(page: Page, start = 'Start the test', read = 'I have read the instructions') {
  await page.goto(`/tests/${slug}`);
  await page.getByLabel(read).check();
  await page.getByRole('button', { name: start }).click();
  await page.waitForURL(/\/attempts\/[^/]+$/);
  await page.locator('h2[id$="-heading"]').waitFor();
}

const fontSize = (page: Page, selector: string) => page.locator(selector).first().evaluate((e) => getComputedStyle(e).fontSize);
const stem = `${SCREEN} section[aria-labelledby] .prose`;
const paletteNumber = `${SCREEN} [role="grid"] button span[aria-hidden] > span`;
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

describe('the exam screen for every candidate', () => {
  it('changes the text size and turns on high contrast (AAA), both kept for the candidate across a reload', { timeout: 120_000 }, async () => {
    // A device in its dark theme: high contrast replaces it as it replaces the light one.
    const { page, pageErrors, userId } = await candidatePage({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    await startTest(page);
    expect(await fontSize(page, stem)).toBe('17px');
    expect(await fontSize(page, paletteNumber)).toBe('14px');

    await page.getByRole('button', { name: 'Larger text' }).click();
    await page.getByRole('button', { name: 'Larger text' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Text size 130%' }).count()).resolves.toBe(1);
    expect(await fontSize(page, stem)).toBe('22.1px');
    expect(await fontSize(page, paletteNumber)).toBe('18.2px');

    const toggle = page.getByRole('button', { name: 'High contrast' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator(SCREEN).getAttribute('data-contrast')).toBe('high');
    expect(await page.locator(SCREEN).evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(0, 0, 0)');
    // Answer one question and mark another, so the palette shows several states.
    await page.keyboard.press('1');
    await page.keyboard.press('s');
    await page.keyboard.press('m');
    await page.locator('h2[id$="-heading"]', { hasText: 'Question 3 of 9' }).waitFor();
    await page.getByText('All answers saved').waitFor();
    expect(await lowContrastText(page, SCREEN, 7)).toEqual([]);
    // The palette's states keep their shapes: five different ones in the legend.
    const shapes = await page.locator(`${SCREEN} aside li svg`).evaluateAll((svgs) => svgs.map((svg) => svg.innerHTML.replace(/ class="[^"]*"/g, '')));
    expect(new Set(shapes).size).toBe(5);
    await page.screenshot({ path: join(SHOTS, 'exam-access-contrast-1280.png') });

    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await submit.click();
    await page.getByRole('heading', { name: 'Submit the test?' }).waitFor();
    expect(await lowContrastText(page, 'dialog[open]', 7)).toEqual([]);
    await page.keyboard.press('Escape');

    const kept = await page.evaluate((key) => localStorage.getItem(key), `abhyasExamDisplay:${userId}`);
    expect(JSON.parse(kept!)).toEqual({ textSize: 130, highContrast: true });
    // After a reload the screen's first paint already has them.
    await page.evaluate(() => {
      sessionStorage.setItem('watchFirstPaint', '1');
    });
    await page.context().addInitScript((selector) => {
      if (!sessionStorage.getItem('watchFirstPaint')) return;
      new MutationObserver((_, observer) => {
        const screen = document.querySelector<HTMLElement>(selector);
        if (!screen) return;
        sessionStorage.setItem('firstPaint', `${screen.style.getPropertyValue('--type-scale')} ${screen.dataset.contrast ?? 'standard'}`);
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    }, SCREEN);
    await page.reload();
    await page.locator('h2[id$="-heading"]').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('firstPaint'))).toBe('1.3 high');
    expect(await fontSize(page, stem)).toBe('22.1px');
    expect(await page.getByRole('button', { name: 'High contrast' }).getAttribute('aria-pressed')).toBe('true');
    expect(pageErrors).toEqual([]);
  });

  it('zoomed to 200 % (640 px) never scrolls sideways, and every control is reached by Tab, in order, with a visible focus', { timeout: 120_000 }, async () => {
    const { page, pageErrors } = await candidatePage(ZOOMED);
    await startTest(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // From the top of the page, Tab visits each control once, in reading order.
    // A click on the title puts the start of Tab there, at the top of the screen.
    await page.locator('header h1').click();
    const visited: string[] = [];
    for (let i = 0; i < 30 && !visited.includes('Save & Next'); i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const e = document.activeElement as HTMLElement;
        const style = getComputedStyle(e);
        const rect = e.getBoundingClientRect();
        const name = e.getAttribute('aria-label') ?? (e instanceof HTMLInputElement ? `option ${e.value}` : (e.textContent ?? '').trim());
        return { name, outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2, inside: rect.left >= 0 && rect.right <= window.innerWidth };
      });
      expect(focus.outline, `focus ring on ${focus.name}`).toBe(true);
      expect(focus.inside, `${focus.name} within the screen`).toBe(true);
      visited.push(focus.name);
    }
    expect(visited).toEqual([
      'A− Smaller text',
      'A Standard text size',
      'A+ Larger text',
      'High contrast',
      'Keyboard shortcuts and help',
      'Questions',
      'Submit',
      'General Intelligence and Reasoning',
      'Quantitative Aptitude',
      'English Comprehension',
      'option A',
      'SureU',
      '50-50F',
      'GuessG',
      'Mark for Review & Next',
      'Clear Response',
      'Previous',
      'Save & Next',
    ]);

    // The controls work from the keyboard, and the shortcuts still do wherever focus is.
    await page.getByRole('button', { name: 'Larger text' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'High contrast' }).focus();
    await page.keyboard.press('Space');
    expect(await page.locator(SCREEN).getAttribute('data-contrast')).toBe('high');
    expect(await fontSize(page, stem)).toBe('25.5px');
    await page.keyboard.press('2');
    await page.keyboard.press('s');
    await page.locator('h2[id$="-heading"]', { hasText: 'Question 2 of 9' }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'exam-access-zoom-200.png') });

    // Q opens the palette's drawer with focus on the current question; Escape closes it.
    await page.keyboard.press('q');
    const current = page.getByRole('button', { name: /^Question 2, .*on screen$/ });
    await expect(current.evaluate((e) => e === document.activeElement)).resolves.toBe(true);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Questions' }).evaluate((e) => e === document.activeElement)).resolves.toBe(true);

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: 'Submit the test?' }).waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'exam-access-zoom-200-submit.png') });
    expect(pageErrors).toEqual([]);
  });

  it.each([
    { language: 'en' as const, start: 'Start the test', read: 'I have read the instructions', submit: 'Submit', title: 'Submit the test?' },
    { language: 'hi' as const, start: 'टेस्ट शुरू करें', read: 'मैंने निर्देश पढ़ लिए हैं', submit: 'सबमिट करें', title: 'टेस्ट सबमिट करें?' },
  ])('on a 360-px phone ($language) submits from the header and shows every column of the summary', { timeout: 120_000 }, async ({ language, start, read, submit, title }) => {
    const { page, pageErrors } = await candidatePage(PHONE, language);
    await startTest(page, start, read);
    await page.keyboard.press('1');
    await page.keyboard.press('s');
    await page.keyboard.press('m');

    const button = page.getByRole('button', { name: submit, exact: true });
    expect(await button.count()).toBe(1);
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await button.click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const heads = await dialog.locator('thead th').evaluateAll((ths) =>
      ths.map((th) => {
        const rect = th.getBoundingClientRect();
        const scroller = th.closest('table')!.parentElement!;
        return { head: th.textContent, left: rect.left, right: rect.right, clipped: scroller.scrollWidth > scroller.clientWidth };
      }),
    );
    expect(heads).toHaveLength(6);
    for (const head of heads) {
      expect(head.left, head.head!).toBeGreaterThanOrEqual(0);
      expect(head.right, head.head!).toBeLessThanOrEqual(360);
      expect(head.clipped).toBe(false);
    }
    expect(await dialog.locator('tbody tr').count()).toBe(4);
    await page.screenshot({ path: join(SHOTS, `exam-access-phone-summary-${language}.png`) });
    expect(pageErrors).toEqual([]);
  });
});
