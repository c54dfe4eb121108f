import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetLinkIn, startSmtpServer, type SmtpTestServer } from '../apps/server/test/smtp-server.js';
import { launchBrowser, openPage, PHONE } from './browser.js';
import { startServer } from './global-setup.js';

// Its own server, sending mail to a real SMTP server started here.
let smtp: SmtpTestServer;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Abhyas <accounts@abhyas.test>' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(server.dir, { recursive: true, force: true });
  }
  await smtp?.close();
});

const EMAIL = `forgetful.${Date.now().toString(36)}@example.com`;
const OLD = 'the old long password';
const NEW = 'the new long password';

const signInThroughApi = (password: string) =>
  fetch(`${server.baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password }) });

describe('a forgotten password, end to end', () => {
  it('asks for a link, reads it from the mail, chooses a new password and signs in with it', async () => {
    const registered = await fetch(`${server.baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Meera Iyer', email: EMAIL, password: OLD }),
    });
    expect(registered.status).toBe(201);

    const { page, context, pageErrors } = await openPage(browser, server.baseURL, PHONE);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your email').waitFor();

    const mail = await smtp.waitForMail(1);
    expect(mail.to).toEqual([EMAIL]);
    expect(mail.subject).toBe('Reset your Abhyas password');
    const { link } = resetLinkIn(mail);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(NEW);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Password changed. Sign in with your new password.').first().waitFor();

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(NEW);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/profile');
    expect((await signInThroughApi(OLD)).status).toBe(401);

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a third long password');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a third long password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('This link no longer works').waitFor();
    expect((await signInThroughApi(NEW)).status).toBe(200);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
