import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, pageOverflow } from './api.js';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';
import { startServer } from './global-setup.js';

// Contests as candidates meet them: joining a free contest moves its card to Live, a paid entry
// goes through the local test gateway, the contest opens on the exam screen at its start, a second
// browser watches the live board, and after the end come the final ranks and the rating. A second
// server runs with paid entry off.

let browser: Browser;
let paidOff: { child: ChildProcess; baseURL: string; dir: string } | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
  paidOff = await startServer({ CONTESTS_PAID_ENTRY: 'off' });
});
afterAll(async () => {
  await browser?.close();
  if (paidOff) {
    paidOff.child.kill('SIGTERM');
    await new Promise((r) => paidOff!.child.once('exit', r));
    rmSync(paidOff.dir, { recursive: true, force: true });
  }
});



async function newCandidate(baseURL: string, name: string): Promise<{ email: string; token: string }> {
  const email = `contest-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await api<{ token: string }>(baseURL, '/api/auth/register', { method: 'POST', body: { name, email, password: 'practice-hard-1' } });
  expect(res.status).toBe(201);
  return { email, token: res.body.token };
}

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('practice-hard-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${next}`);
}

type ContestBody = { id: string; slug: string; title: string; startsAt: string; endsAt: string; joinedAt?: string; registration: { open: boolean; reason: string | null } };

/** A one-minute free contest on a fresh three-question paper, opening `inSeconds` from now. */
async function quickContest(baseURL: string, inSeconds: number): Promise<ContestBody> {
  const editor = await api<{ token: string }>(baseURL, '/api/auth/login', { method: 'POST', body: { email: 'editor@abhyas.test', password: 'practice123' } });
  const questions = await api<{ data: { id: string }[] }>(baseURL, '/api/admin/questions?status=published&type=single&pageSize=3', { token: editor.body.token });
  const tag = Date.now().toString(36);
  const paper = await api<{ data: { id: string } }>(baseURL, '/api/admin/tests', {
    method: 'POST',
    token: editor.body.token,
    body: { title: `Speed round paper ${tag}`, slug: `speed-round-${tag}`, durationMinutes: 1, graceSeconds: 0, sections: [{ title: 'Speed', marks: 1, negativeMarks: 0, questionIds: questions.body.data.map((q) => q.id) }] },
  });
  expect(paper.status).toBe(201);
  const created = await api<{ data: ContestBody }>(baseURL, '/api/admin/contests', {
    method: 'POST',
    token: editor.body.token,
    body: {
      title: `Speed Round ${tag}`,
      icon: 'general',
      level: 'Beginner',
      description: 'Three questions in a minute.',
      testId: paper.body.data.id,
      startsAt: new Date(Date.now() + inSeconds * 1000).toISOString(),
      durationMinutes: 1,
      totalSeats: 10,
      priceAmount: 0,
      prizes: [{ fromRank: 1, toRank: 1, kind: 'certificate', description: 'Certificate of merit' }],
      published: true,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

describe('contests', () => {
  it('a free contest: joined from its card, played at its start, watched live from a second browser, then final with a rating', { timeout: 240_000 }, async () => {
    const baseURL = inject('baseURL');
    const contest = await quickContest(baseURL, 40);
    const asha = await newCandidate(baseURL, 'Asha Contestant');
    const ravi = await newCandidate(baseURL, 'Ravi Watcher');
    expect((await api(baseURL, `/api/contests/${contest.id}/join`, { method: 'POST', token: ravi.token })).status).toBe(200);

    const { page, pageErrors } = await openPage(browser, baseURL, { viewport: { width: 1280, height: 900 } });
    await signIn(page, asha.email, '/contests');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: contest.title }) });
    await card.getByRole('button', { name: 'Join for free' }).click();
    // The card moves from Upcoming to Live at once, with the time of joining.
    await page.getByRole('tab', { name: /Live/ }).click();
    const liveCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: contest.title }) });
    await liveCard.getByText(/You joined on/).waitFor();
    const lists = await api<{ live: ContestBody[]; upcoming: ContestBody[] }>(baseURL, '/api/contests', { token: asha.token });
    expect(lists.body.live.find((c) => c.id === contest.id)?.joinedAt).toBeTruthy();
    expect(lists.body.upcoming.some((c) => c.id === contest.id)).toBe(false);
    await page.screenshot({ path: join(SHOTS, 'desktop-contests-live.png'), fullPage: true });

    // A second browser watches the board.
    const watcher = await openPage(browser, baseURL, PHONE);
    await signIn(watcher.page, ravi.email, `/contests/${contest.slug}`);

    // At the start the contest opens on the exam screen.
    await page.goto(`/contests/${contest.slug}`);
    await page.getByRole('button', { name: 'Enter contest' }).click({ timeout: 60_000 });
    await page.waitForURL(/\/attempts\/[^/]+$/);
    const attemptId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: /^Question 1 of 3/ }).waitFor();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Save & Next' }).click();
    await page.getByText('All answers saved').first().waitFor();
    // The watcher sees Asha playing, then her score once she submits.
    const board = watcher.page.getByRole('table', { name: `Leaderboard of ${contest.title}` });
    await board.getByRole('row').filter({ hasText: 'Asha' }).filter({ hasText: /playing · 1 answered/ }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Submit', exact: true }).first().click();
    await page.getByRole('button', { name: 'Submit the test' }).click();
    await page.waitForURL(`**/attempts/${attemptId}/result`);
    const submittedAt = Date.now();
    await board.getByRole('row').filter({ hasText: 'Asha' }).filter({ hasText: /\d+ \/ 3/ }).waitFor({ timeout: 5_000 });
    expect(Date.now() - submittedAt).toBeLessThan(5_000);
    expect(await pageOverflow(watcher.page)).toBeLessThanOrEqual(0);
    await watcher.page.screenshot({ path: join(SHOTS, 'phone-contest-board.png'), fullPage: true });
    await page.getByRole('link', { name: 'Back to the contest and its leaderboard' }).click();
    await page.waitForURL(`**/contests/${contest.slug}`);

    // After the end: final ranks, the prize and the rating change; Ravi never started and is not rated.
    await page.getByRole('heading', { name: 'Final results' }).waitFor({ timeout: 120_000 });
    const final = await api<{ data: { status: string; me: { rank: number; prize: { kind: string } | null; ratingBefore: number; ratingAfter: number } } }>(
      baseURL,
      `/api/contests/${contest.id}/leaderboard`,
      { token: asha.token },
    );
    expect(final.body.data.status).toBe('final');
    expect(final.body.data.me).toMatchObject({ rank: 1, prize: { kind: 'certificate' }, ratingBefore: 1500 });
    const rating = await api<{ data: { rating: number; contests: number; history: { rank: number }[] } }>(baseURL, '/api/contests/rating', { token: asha.token });
    expect(rating.body.data).toMatchObject({ contests: 1, history: [{ rank: 1 }] });
    expect((await api<{ data: { rating: number | null } }>(baseURL, '/api/contests/rating', { token: ravi.token })).body.data.rating).toBeNull();
    await page.screenshot({ path: join(SHOTS, 'desktop-contest-final.png'), fullPage: true });
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Contest rating' }).waitFor();
    await page.getByText(String(rating.body.data.rating)).first().waitFor();
    expect(pageErrors).toEqual([]);
    expect(watcher.pageErrors).toEqual([]);
  });

  it('a paid contest through the test gateway: a failed payment, then a paid one, on a phone', { timeout: 120_000 }, async () => {
    const baseURL = inject('baseURL');
    const meera = await newCandidate(baseURL, 'Meera Payer');
    const { page, pageErrors } = await openPage(browser, baseURL, PHONE);
    await signIn(page, meera.email, '/contests/digital-marketing');
    await page.getByRole('button', { name: 'Pay ₹799 and join' }).click();
    await page.waitForURL(/\/api\/payments\/test-gateway\/checkout\//);
    await page.getByText('TEST MODE').first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'phone-test-checkout.png'), fullPage: true });
    await page.getByRole('button', { name: 'Fail the payment' }).click();
    await page.waitForURL('**/contests/digital-marketing?payment=failed');
    await page.getByText('The payment did not go through').first().waitFor();
    await page.getByRole('button', { name: /Try the payment again|Complete payment/ }).click();
    await page.waitForURL(/\/api\/payments\/test-gateway\/checkout\//);
    await page.getByRole('button', { name: 'Pay ₹799' }).click();
    await page.waitForURL('**/contests/digital-marketing**');
    await page.getByText('Payment received').waitFor();
    expect(page.url()).not.toContain('razorpay_signature');
    const contest = await api<{ data: { joinedAt?: string; entry: { status: string } } }>(baseURL, '/api/contests/digital-marketing', { token: meera.token });
    expect(contest.body.data.entry.status).toBe('confirmed');
    expect(contest.body.data.joinedAt).toBeTruthy();
    await page.screenshot({ path: join(SHOTS, 'phone-contest-paid.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('with CONTESTS_PAID_ENTRY=off the paid contests are listed but cannot be joined', { timeout: 60_000 }, async () => {
    const baseURL = paidOff!.baseURL;
    const kiran = await newCandidate(baseURL, 'Kiran Free');
    const ai = await api<{ data: ContestBody }>(baseURL, '/api/contests/artificial-intelligence', { token: kiran.token });
    expect(ai.body.data.registration.open).toBe(false);
    const refused = await api<{ code: string; message: string }>(baseURL, `/api/contests/${ai.body.data.id}/join`, { method: 'POST', token: kiran.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAID_ENTRY_OFF');
    const { page } = await openPage(browser, baseURL, PHONE);
    await signIn(page, kiran.email, '/contests/artificial-intelligence');
    await page.getByText(ai.body.data.registration.reason!).first().waitFor();
    expect(await page.getByRole('button', { name: /Pay/ }).count()).toBe(0);
    // Free contests stay open.
    await page.goto('/contests/web-development');
    await page.getByRole('button', { name: 'Join for free' }).waitFor();
  });
});
