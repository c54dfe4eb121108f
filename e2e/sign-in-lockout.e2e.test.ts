import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const EMAIL = `owner.${Date.now().toString(36)}@example.com`;
const PASSWORD = 'the owner’s long password';

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('sign-in under a guessing attack', () => {
  it('keeps the owner’s own browser signing in while untrusted clients are locked out', async () => {
    const registered = await fetch(`${baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Arjun Rao', email: EMAIL, password: PASSWORD }),
    });
    expect(registered.status).toBe(201);

    const owner = await openPage(browser, baseURL);
    await signIn(owner.page);
    await owner.page.waitForURL('**/profile');
    const cookie = (await owner.context.cookies()).find((c) => c.name.startsWith('abhyas_device_'));
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
    await owner.page.getByRole('button', { name: 'Sign out' }).first().click();
    await owner.page.getByText('Signed out').first().waitFor();

    const codes: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const res = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: `guess ${i}` }) });
      codes.push(res.status);
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(45);

    const stranger = await openPage(browser, baseURL);
    await signIn(stranger.page);
    await stranger.page.getByText(/Too many failed sign-in attempts\. Try again in \d+ minutes\./).first().waitFor();
    expect(stranger.page.url()).toMatch(/\/login$/);
    await stranger.context.close();

    await signIn(owner.page);
    await owner.page.waitForURL('**/profile');
    expect(owner.pageErrors).toEqual([]);
    await owner.context.close();
  });
});
