import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';
import { startServer } from './global-setup.js';

// Headless Chromium names itself in its user agent, and the server rightly takes it for a bot;
// these pages present a desktop Chrome's and an Android phone's, as real visitors do.
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 13; M2101K6G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

type PageViewRow = Record<string, string | number | null>;

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
const dbFile = () => join(server.dir, 'data', 'app.db');

/** The page views the server has written so far (it writes them in batches). */
function pageViews(): PageViewRow[] {
  const db = new Database(dbFile(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT * FROM page_views ORDER BY id').all() as PageViewRow[];
  } finally {
    db.close();
  }
}

async function waitForPageViews(count: number): Promise<PageViewRow[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = pageViews();
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signIn(page: Page, next: string, email = 'admin@abhyas.test') {
  await page.goto(`/login?next=${next}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('practice123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${next}`);
}

beforeAll(async () => {
  server = await startServer({ TRACKING_FLUSH_INTERVAL: '200ms' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  server?.child.kill('SIGTERM');
  await new Promise((r) => server?.child.once('exit', r));
  if (server) rmSync(server.dir, { recursive: true, force: true });
});

describe('visitor tracking in Chromium', () => {
  it('records one page view per page load and route change, with the browser fields filled', async () => {
    const { page, pageErrors } = await openPage(browser, server.baseURL, { userAgent: DESKTOP_UA, viewport: { width: 1280, height: 900 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    await page.goto('/topics');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const [first, ...more] = await waitForPageViews(1);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      path: '/topics',
      referrer: 'Direct',
      ip: '127.0.0.1',
      browser_name: 'Chrome',
      browser_version: '131.0.0.0',
      os_name: 'Linux',
      device_type: 'desktop',
      user_agent: DESKTOP_UA,
      language: 'en-IN',
      timezone: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      screen_resolution: '1280x900',
      is_touch_device: 0,
    });
    expect(first!.visitor_id).toBe(await page.evaluate(() => localStorage.getItem('visitorId')));
    expect(Number(first!.hardware_cores)).toBeGreaterThan(0);

    // A route change inside the app is a page view too; its referrer is the site itself, not a source.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).first().click();
    await page.waitForURL('**/blogs');
    const rows = await waitForPageViews(2);
    expect(rows.map((r) => [r.path, r.referrer, r.visitor_id])).toEqual([
      ['/topics', 'Direct', first!.visitor_id],
      ['/blogs', null, first!.visitor_id],
    ]);

    await signIn(page, '/admin/analytics');
    await page.locator('figure svg[role="img"]').waitFor();
    await page.getByRole('region', { name: 'Top pages' }).getByRole('rowheader', { name: '/blogs' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'desktop-admin-analytics.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('draws the analytics charts for an admin, and lists users, on a 360 px phone', async () => {
    const { page, pageErrors } = await openPage(browser, server.baseURL, { ...PHONE, userAgent: PHONE_UA });
    await signIn(page, '/admin/analytics');
    // The welcome toast closes by itself after 3 s; the screenshots show the page without it.
    const welcome = page.getByText('Signed in. Welcome back!');
    await welcome.waitFor();
    await welcome.waitFor({ state: 'detached' });
    const chart = page.locator('figure svg[role="img"]');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/page views in all/);
    expect(await chart.locator('rect').count()).toBeGreaterThanOrEqual(60);
    const pages = page.getByRole('region', { name: 'Top pages' });
    await pages.getByRole('rowheader', { name: '/topics' }).waitFor();
    await page.getByRole('region', { name: 'Browsers' }).getByRole('rowheader', { name: 'Chrome' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'phone-admin-analytics.png'), fullPage: true });
    await page.locator('figure').screenshot({ path: join(SHOTS, 'phone-admin-analytics-chart.png') });

    await page.getByRole('navigation', { name: 'Editor sections' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByText(/@abhyas\.test$/).first().waitFor();
    await page.getByLabel('Search by name or email').fill('candidate@');
    await page.getByText('candidate@abhyas.test').waitFor();
    await page.getByLabel('Search by name or email').fill('newcomer');
    await page.waitForURL('**/admin/users?search=newcomer');
    await page.getByText('candidate@abhyas.test').waitFor({ state: 'detached' });
    await page.getByText('newcomer@abhyas.test').waitFor();
    await page.screenshot({ path: join(SHOTS, 'phone-admin-users.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('keeps editors out of the analytics and the users table', async () => {
    const { page } = await openPage(browser, server.baseURL, { userAgent: DESKTOP_UA });
    await signIn(page, '/admin/analytics', 'editor@abhyas.test');
    await page.getByRole('heading', { name: 'For admins only' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Editor sections' }).count()).resolves.toBe(0);
    await page.goto('/admin/questions');
    const sections = page.getByRole('navigation', { name: 'Editor sections' });
    await sections.getByRole('link', { name: 'Questions' }).waitFor();
    await expect(sections.getByRole('link', { name: 'Users' }).count()).resolves.toBe(0);
  });
});

describe('the page-view recorder', () => {
  it('writes what it holds when the server is stopped', async () => {
    const own = await startServer({ TRACKING_FLUSH_INTERVAL: '1h' });
    try {
      for (let i = 0; i < 25; i += 1) {
        const res = await fetch(`${own.baseURL}/public/trackUser`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': DESKTOP_UA },
          body: JSON.stringify({ path: `/held-${i}`, visitorId: 'shutdown-test' }),
        });
        expect(res.status).toBe(204);
      }
      const exited = new Promise((r) => own.child.once('exit', r));
      own.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const db = new Database(join(own.dir, 'data', 'app.db'), { readonly: true });
      try {
        const { n } = db.prepare("SELECT count(*) AS n FROM page_views WHERE visitor_id = 'shutdown-test'").get() as { n: number };
        expect(n).toBe(25);
      } finally {
        db.close();
      }
    } finally {
      own.child.kill('SIGKILL');
      rmSync(own.dir, { recursive: true, force: true });
    }
  });
});
