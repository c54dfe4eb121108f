import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const token = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Neha Sharma');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a long password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/profile');
}

describe('a candidate account, end to end', () => {
  it('registers, completes the profile, gets the cookie, and signs out', async () => {
    const { page, context, pageErrors } = await openPage(browser, baseURL, PHONE);
    await register(page, uniqueEmail('neha'));
    expect(await token(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const prompt = page.getByRole('status').filter({ hasText: 'Complete your profile' });
    await prompt.waitFor();
    await page.screenshot({ path: join(SHOTS, 'phone-profile-incomplete.png'), fullPage: true });
    expect((await context.cookies()).find((c) => c.name === 'isCompleted')?.value).toBe('false');

    await page.getByLabel('Mobile number').fill('98765 43210');
    await page.getByLabel('PIN code').fill('560034');
    await page.getByLabel('Target exam').fill('SSC CGL');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').first().waitFor();
    await prompt.waitFor({ state: 'detached' });

    const cookie = (await context.cookies()).find((c) => c.name === 'isCompleted');
    expect(cookie?.value).toBe('true');
    const lifetimeDays = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(6.9);
    expect(lifetimeDays).toBeLessThanOrEqual(7);
    await page.screenshot({ path: join(SHOTS, 'phone-profile-complete.png'), fullPage: true });

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.getByText('Signed out').first().waitFor();
    expect(await token(page)).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it('shows field errors from the server and keeps the form', async () => {
    const { page } = await openPage(browser, baseURL);
    await register(page, uniqueEmail('field'));
    await page.getByLabel('PIN code').fill('012345');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Enter a 6-digit PIN code').first().waitFor();
    expect(await page.getByLabel('PIN code').inputValue()).toBe('012345');
  });

  it('signs in from the keyboard alone, with a toast that closes after about 3 seconds', async () => {
    const { page } = await openPage(browser, baseURL);
    await page.goto('/login');
    await page.getByLabel('Email').focus();
    await page.keyboard.type('candidate@abhyas.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('practice123');
    await page.keyboard.press('Enter');
    const toast = page.getByText('Signed in. Welcome back!');
    await toast.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    await page.waitForTimeout(2000);
    expect(await toast.isVisible()).toBe(true);
    await toast.waitFor({ state: 'hidden', timeout: 6000 });
    const closedAfter = Date.now() - shownAt;
    expect(closedAfter).toBeGreaterThan(2500);
    expect(closedAfter).toBeLessThan(5500);
    expect(await token(page)).not.toBeNull();
  });

  it('keeps a wrong password on the sign-in page with one generic message', async () => {
    const { page } = await openPage(browser, baseURL);
    await page.goto('/login');
    await page.getByLabel('Email').fill('candidate@abhyas.test');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect email or password').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await token(page)).toBeNull();
  });

  it('sends a browser with an invalid stored token to /login and removes the token', async () => {
    const { page } = await openPage(browser, baseURL);
    // The token is stored from a page of the site that runs no app code, so nothing but the page
    // opened next can act on it.
    await page.goto('/robots.txt');
    await page.evaluate(() => localStorage.setItem('authToken', 'eyJhbGciOiJIUzI1NiJ9.e30.invalid-signature'));
    await page.goto('/profile', { waitUntil: 'commit' });
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await token(page)).toBeNull();
  });

  it('shows "Failed to fetch profile" when the profile cannot be loaded', async () => {
    const { page } = await openPage(browser, baseURL);
    await page.goto('/login');
    await page.getByLabel('Email').fill('newcomer@abhyas.test');
    await page.getByLabel('Password', { exact: true }).fill('practice123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/profile');
    await page.route('**/api/users/profile', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }));
    await page.reload();
    await page.getByText('Failed to fetch profile').first().waitFor();
  });
});
