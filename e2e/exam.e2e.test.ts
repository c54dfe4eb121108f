import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, pageOverflow } from './api.js';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';
import { startServer } from './global-setup.js';

// The exam screen as a candidate meets it, on SQLite (the suite's server) and, where PostgreSQL is
// reachable, on a second server over a fresh PostgreSQL database.
const dialects: { name: 'sqlite' | 'postgres'; baseURL: () => string }[] = [{ name: 'sqlite', baseURL: () => inject('baseURL') }];
let pgServer: { child: ChildProcess; baseURL: string; dir: string } | undefined;
let pgDatabase: string | undefined;
const adminUrl = process.env.DATABASE_URL_TEST;
if (adminUrl) dialects.push({ name: 'postgres', baseURL: () => pgServer!.baseURL });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (adminUrl) {
    pgDatabase = `abhyas_e2e_exam_${Date.now().toString(36)}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${pgDatabase}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${pgDatabase}`;
    pgServer = await startServer({ DATABASE_URL: url.toString(), EXAM_SWEEP_INTERVAL: '2s' });
  }
});
afterAll(async () => {
  await browser?.close();
  if (pgServer) {
    pgServer.child.kill('SIGTERM');
    await new Promise((r) => pgServer!.child.once('exit', r));
    rmSync(pgServer.dir, { recursive: true, force: true });
  }
  if (adminUrl && pgDatabase) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
    await client.end();
  }
});



/** A new candidate of its own, so attempts allowed and ranks do not depend on other tests. */
async function newCandidate(baseURL: string, label: string): Promise<{ email: string; token: string }> {
  const email = `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await api<{ token: string }>(baseURL, '/api/auth/register', { method: 'POST', body: { name: 'Exam Candidate', email, password: 'practice-hard-1' } });
  expect(res.status).toBe(201);
  return { email, token: res.body.token };
}

async function signIn(page: Page, email: string, password: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${next}`);
}

const palette = (page: Page) => page.getByRole('grid', { name: /^Question palette/ }).first();
const cell = (page: Page, n: number) => palette(page).getByRole('button', { name: new RegExp(`^Question ${n}, `) });
const questionHeading = (page: Page, n: number) => page.getByRole('heading', { name: new RegExp(`^Question ${n} of \\d+`) });

describe.each(dialects)('a mock test on $name', ({ name, baseURL: url }) => {
  it('is taken with the keyboard, survives a reload and a dropped link, and ends in a result and review', { timeout: 180_000 }, async () => {
    const baseURL = url();
    const candidate = await newCandidate(baseURL, `exam-${name}`);
    const { page, context, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    await signIn(page, candidate.email, 'practice-hard-1', '/tests');

    await page.getByRole('link', { name: /Daily Quiz/ }).first().click();
    await page.waitForURL('**/tests/daily-quiz');
    await page.getByRole('heading', { name: 'Keyboard shortcuts' }).waitFor();
    await page.getByLabel('I have read the instructions').check();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL(/\/attempts\/[^/]+$/);
    const attemptId = page.url().split('/').pop()!;
    await questionHeading(page, 1).waitFor();

    // Keyboard only: option 1 + Save & Next, option 2 + Guess + Save & Next, option 1 + Mark for Review & Next.
    await page.keyboard.press('1');
    await page.keyboard.press('s');
    await questionHeading(page, 2).waitFor();
    await page.keyboard.press('2');
    await page.keyboard.press('g');
    await page.keyboard.press('s');
    await questionHeading(page, 3).waitFor();
    await page.keyboard.press('1');
    await page.keyboard.press('m');
    await questionHeading(page, 4).waitFor();
    await page.getByText('All answers saved').waitFor();
    await expect(cell(page, 1).getAttribute('data-state')).resolves.toBe('answered');
    await expect(cell(page, 3).getAttribute('data-state')).resolves.toBe('answeredMarked');
    await page.screenshot({ path: join(SHOTS, `desktop-exam-${name}.png`) });

    // Reload mid-way: the answers and the time are kept.
    const before = await api<{ data: { endsAt: string; answers: { questionId: string; state: string }[] } }>(baseURL, `/api/attempts/${attemptId}`, { token: candidate.token });
    await page.reload();
    await questionHeading(page, 1).or(questionHeading(page, 4)).first().waitFor();
    await expect(cell(page, 1).getAttribute('data-state')).resolves.toBe('answered');
    await expect(cell(page, 2).getAttribute('data-state')).resolves.toBe('answered');
    await expect(cell(page, 3).getAttribute('data-state')).resolves.toBe('answeredMarked');
    const after = await api<{ data: { endsAt: string } }>(baseURL, `/api/attempts/${attemptId}`, { token: candidate.token });
    expect(after.body.data.endsAt).toBe(before.body.data.endsAt);

    // Offline: two more answers wait on the device, marked on the palette, and go when the link returns.
    await cell(page, 5).click();
    await questionHeading(page, 5).waitFor();
    await context.setOffline(true);
    await page.keyboard.press('1');
    await page.keyboard.press('s');
    await questionHeading(page, 6).waitFor();
    await page.keyboard.press('2');
    await page.keyboard.press('s');
    await questionHeading(page, 7).waitFor();
    // Visiting question 7 records it as seen: that save waits too.
    await page.getByText(/^No connection: \d+ answers kept on this device$/).first().waitFor();
    await expect(cell(page, 5).getAttribute('data-on-device')).resolves.toBe('true');
    await expect(cell(page, 6).getAttribute('data-on-device')).resolves.toBe('true');
    await page.screenshot({ path: join(SHOTS, `desktop-exam-offline-${name}.png`) });
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText('All answers saved').waitFor({ timeout: 30_000 });
    const saved = await api<{ data: { answers: { state: string }[] } }>(baseURL, `/api/attempts/${attemptId}`, { token: candidate.token });
    expect(saved.body.data.answers.filter((a) => a.state === 'answered' || a.state === 'answeredMarked')).toHaveLength(5);

    // Submit with the summary and the confirmation, then the result, the guessing report and the review.
    await page.getByRole('button', { name: 'Submit', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Submit the test?' }).waitFor();
    await page.getByRole('button', { name: 'Submit the test' }).click();
    await page.waitForURL(`**/attempts/${attemptId}/result`);
    await page.getByRole('heading', { name: 'Guessing report' }).waitFor();
    await page.getByText('Rank').first().waitFor();
    const result = await api<{ data: { correct: number; wrong: number; partial: number; unattempted: number; rank: number | null; percentile: number | null } }>(baseURL, `/api/attempts/${attemptId}/result`, {
      token: candidate.token,
    });
    expect(result.status).toBe(200);
    // Every answer saved is marked: right, wrong, or partly right (a multiple-answer question with one option chosen).
    expect(result.body.data.correct + result.body.data.wrong + result.body.data.partial).toBeGreaterThanOrEqual(5);
    expect(result.body.data.unattempted).toBeLessThanOrEqual(5);
    expect(result.body.data.rank).not.toBeNull();
    await page.screenshot({ path: join(SHOTS, `desktop-result-${name}.png`), fullPage: true });
    await page.getByRole('link', { name: 'Review answers' }).click();
    await page.waitForURL(`**/attempts/${attemptId}/review`);
    await page.getByRole('heading', { name: 'Answers and explanations' }).waitFor();
    await page.screenshot({ path: join(SHOTS, `desktop-review-${name}.png`), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('fits a 360-px phone, and a one-minute test left open is submitted by the server', { timeout: 180_000 }, async () => {
    const baseURL = url();
    const editor = await api<{ token: string }>(baseURL, '/api/auth/login', { method: 'POST', body: { email: 'editor@abhyas.test', password: 'practice123' } });
    expect(editor.status).toBe(200);
    const questions = await api<{ data: { id: string; type: string }[] }>(baseURL, '/api/admin/questions?status=published&type=single&pageSize=3', { token: editor.body.token });
    const slug = `one-minute-${name}-${Date.now().toString(36)}`;
    const created = await api<{ data: { id: string } }>(baseURL, '/api/admin/tests', {
      method: 'POST',
      token: editor.body.token,
      body: { title: `One-minute check ${slug}`, slug, durationMinutes: 1, graceSeconds: 0, sections: [{ title: 'Quick', marks: 1, negativeMarks: 0, questionIds: questions.body.data.map((q) => q.id) }] },
    });
    expect(created.status).toBe(201);
    expect((await api(baseURL, `/api/admin/tests/${created.body.data.id}/publish`, { method: 'POST', token: editor.body.token })).status).toBe(200);

    const candidate = await newCandidate(baseURL, `minute-${name}`);
    const { page, pageErrors } = await openPage(browser, baseURL, PHONE);
    await signIn(page, candidate.email, 'practice-hard-1', `/tests/${slug}`);
    await page.getByLabel('I have read the instructions').check();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL(/\/attempts\/[^/]+$/);
    const attemptId = page.url().split('/').pop()!;
    await questionHeading(page, 1).waitFor();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Save & Next' }).click();
    await page.getByText('All answers saved').first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `phone-exam-${name}.png`) });
    await page.getByRole('button', { name: 'Questions' }).click();
    await palette(page).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `phone-exam-palette-${name}.png`) });

    // Nobody submits: the server closes the attempt after its minute, and the page turns to the result.
    await page.waitForURL(`**/attempts/${attemptId}/result`, { timeout: 120_000 });
    const result = await api<{ data: { submittedBy: string; correct: number; wrong: number } }>(baseURL, `/api/attempts/${attemptId}/result`, { token: candidate.token });
    expect(result.body.data.submittedBy).toBe('server');
    expect(result.body.data.correct + result.body.data.wrong).toBe(1);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `phone-result-${name}.png`), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
