import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './api.js';
import { launchBrowser, openPage, PHONE } from './browser.js';

// A candidate with a script tries to read answer keys they may not see yet (docs/decisions/018):
// practice over the questions of their own open mock test, by id and through bookmarks, and the
// review of a contest they finished early, a running contest's paper through its category, and the
// questions of a locked section that has not opened. The browser's own pages are used where they offer the
// action, and the page's `fetch` with the stored token where they do not.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PASSWORD = 'practice-hard-1';

async function newCandidate(baseURL: string, label: string): Promise<{ email: string; token: string }> {
  const email = `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await api<{ token: string }>(baseURL, '/api/auth/register', { method: 'POST', body: { name: 'Key Seeker', email, password: PASSWORD } });
  expect(res.status).toBe(201);
  return { email, token: res.body.token };
}

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${next}`);
}

/** A call from inside the page, with the token the app stored, as a script in the console would make. */
async function fromPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('authToken');
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as T };
    },
    { method, path, body },
  );
}

type ErrorBody = { code: string; message: string };

describe('answer keys a candidate may not see yet', () => {
  it('are not served by practice over the questions of their open mock test, by id or through bookmarks', { timeout: 120_000 }, async () => {
    const baseURL = inject('baseURL');
    const candidate = await newCandidate(baseURL, 'keys-mock');
    const { page, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    await signIn(page, candidate.email, '/tests');
    await page.getByRole('link', { name: /Daily Quiz/ }).first().click();
    await page.waitForURL('**/tests/daily-quiz');
    await page.getByLabel('I have read the instructions').check();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL(/\/attempts\/[^/]+$/);
    const attemptId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: /^Question 1 of \d+/ }).waitFor();

    const attempt = await fromPage<{ data: { questions: { questionId: string }[] } }>(page, 'GET', `/api/attempts/${attemptId}`);
    const ids = attempt.body.data.questions.map((q) => q.questionId).slice(0, 50);
    const byId = await fromPage<ErrorBody>(page, 'POST', '/api/practice/sessions', { source: 'bank', count: Math.max(5, Math.min(ids.length, 50)), questionIds: ids });
    expect(byId.status).toBe(409);
    expect(byId.body.message).toMatch(/answers are not shown yet/);
    expect(JSON.stringify(byId.body)).not.toMatch(/correctOptionIds|explanationHtml/);

    for (const id of ids.slice(0, 5)) expect((await fromPage(page, 'PUT', `/api/bookmarks/${id}`)).status).toBe(200);
    await page.goto('/practice');
    await page.getByRole('button', { name: 'Practise my bookmarks' }).click();
    await page.getByRole('alert').filter({ hasText: /answers are not shown yet/ }).waitFor();
    expect(page.url()).toMatch(/\/practice$/);
    expect(pageErrors).toEqual([]);
  });

  it('are not shown to a contest\'s early finisher before the contest ends', { timeout: 120_000 }, async () => {
    const baseURL = inject('baseURL');
    const editor = await api<{ token: string }>(baseURL, '/api/auth/login', { method: 'POST', body: { email: 'editor@abhyas.test', password: 'practice123' } });
    const questions = await api<{ data: { id: string }[] }>(baseURL, '/api/admin/questions?status=published&type=single&pageSize=3', { token: editor.body.token });
    const tag = Date.now().toString(36);
    const paper = await api<{ data: { id: string } }>(baseURL, '/api/admin/tests', {
      method: 'POST',
      token: editor.body.token,
      body: { title: `Sealed paper ${tag}`, slug: `sealed-paper-${tag}`, durationMinutes: 10, sections: [{ title: 'Sealed', marks: 1, negativeMarks: 0, questionIds: questions.body.data.map((q) => q.id) }] },
    });
    expect(paper.status).toBe(201);
    const contest = await api<{ data: { id: string; slug: string; endsAt: string } }>(baseURL, '/api/admin/contests', {
      method: 'POST',
      token: editor.body.token,
      body: {
        title: `Sealed Round ${tag}`,
        icon: 'general',
        level: 'Beginner',
        description: 'Three questions; the answers come after the end.',
        testId: paper.body.data.id,
        startsAt: new Date(Date.now() + 15_000).toISOString(),
        durationMinutes: 10,
        totalSeats: 10,
        priceAmount: 0,
        prizes: [{ fromRank: 1, toRank: 1, kind: 'certificate', description: 'Certificate of merit' }],
        published: true,
      },
    });
    expect(contest.status, JSON.stringify(contest.body)).toBe(201);
    const candidate = await newCandidate(baseURL, 'keys-contest');
    expect((await api(baseURL, `/api/contests/${contest.body.data.id}/join`, { method: 'POST', token: candidate.token })).status).toBe(200);

    const { page, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    await signIn(page, candidate.email, `/contests/${contest.body.data.slug}`);
    await page.getByRole('button', { name: 'Enter contest' }).click({ timeout: 60_000 });
    await page.waitForURL(/\/attempts\/[^/]+$/);
    const attemptId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: /^Question 1 of 3/ }).waitFor();
    // Before answering: the paper's ids, straight into practice.
    const attempt = await fromPage<{ data: { questions: { questionId: string }[] } }>(page, 'GET', `/api/attempts/${attemptId}`);
    const practised = await fromPage<ErrorBody>(page, 'POST', '/api/practice/sessions', { source: 'bank', count: 5, questionIds: attempt.body.data.questions.map((q) => q.questionId) });
    expect(practised.status).toBe(409);

    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Save & Next' }).click();
    await page.getByText('All answers saved').first().waitFor();
    await page.getByRole('button', { name: 'Submit', exact: true }).first().click();
    await page.getByRole('button', { name: 'Submit the test' }).click();
    await page.waitForURL(`**/attempts/${attemptId}/result`);
    await page.getByText(/^Answers and explanations are shown from /).waitFor();
    expect(await page.getByRole('link', { name: /review/i }).count()).toBe(0);

    const review = await fromPage<ErrorBody>(page, 'GET', `/api/attempts/${attemptId}/review`);
    expect(review.status).toBe(409);
    expect(review.body).toMatchObject({ code: 'REVIEW_NOT_YET', message: `Answers and explanations are shown from ${contest.body.data.endsAt}` });
    const result = await fromPage<{ data: { reviewAvailable: boolean; revealAt: string } }>(page, 'GET', `/api/attempts/${attemptId}/result`);
    expect(result.body.data).toMatchObject({ reviewAvailable: false, revealAt: contest.body.data.endsAt });
    expect(pageErrors).toEqual([]);
  });

  it('are not reached through a contest paper\'s category, nor a locked section read before it opens', { timeout: 120_000 }, async () => {
    const baseURL = inject('baseURL');
    const candidate = await newCandidate(baseURL, 'keys-locked');
    const { page, pageErrors } = await openPage(browser, baseURL, PHONE);
    await signIn(page, candidate.email, '/practice');

    // The demo contests' papers sit in a category practice never offers, before their end or after.
    const choices = await fromPage<{ data: { categories: { path: string }[] } }>(page, 'GET', '/api/practice/choices');
    expect(choices.status).toBe(200);
    expect(choices.body.data.categories.length).toBeGreaterThan(0);
    expect(choices.body.data.categories.filter((c) => c.path === 'Contests' || c.path.startsWith('Contests/'))).toEqual([]);
    const byCategory = await fromPage<ErrorBody>(page, 'POST', '/api/practice/sessions', { source: 'bank', category: 'Contests/Web Development', count: 5 });
    expect(byCategory.status).toBe(409);
    expect(JSON.stringify(byCategory.body)).not.toMatch(/correctOptionIds|explanationHtml/);

    // The bank PO paper's sections are locked: only the open one's questions reach the device.
    await page.goto('/tests/ibps-po-prelims-mock-1');
    await page.getByLabel('I have read the instructions').check();
    await page.getByRole('button', { name: 'Start the test' }).click();
    await page.waitForURL(/\/attempts\/[^/]+$/);
    const attemptId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: /^Question 1 of \d+/ }).waitFor();
    const attempt = await fromPage<{ data: { sections: { id: string; questionCount: number; opensAt: string }[]; questions: { questionId: string; sectionId: string | null }[] } }>(
      page,
      'GET',
      `/api/attempts/${attemptId}`,
    );
    const [first, ...later] = attempt.body.data.sections;
    expect(later.length).toBeGreaterThan(0);
    expect(attempt.body.data.questions.length).toBe(first!.questionCount);
    expect(attempt.body.data.questions.every((q) => q.sectionId === first!.id)).toBe(true);
    for (const section of later) expect(Date.parse(section.opensAt)).toBeGreaterThan(Date.now());
    expect(pageErrors).toEqual([]);
  });
});
