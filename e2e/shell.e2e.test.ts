import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe('the application shell', () => {
  it('sends the title, description and social metadata in the HTML itself', async () => {
    const res = await fetch(`${baseURL}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>[^<]*(MCQ|test preparation)[^<]*<\/title>/i);
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]*(test preparation|MCQ)[^"]*"/i);
    const meta = (attr: string, key: string) => new RegExp(`<meta\\s+${attr}="${key}"\\s+content="([^"]*)"`).exec(html)?.[1];
    expect(meta('property', 'og:type')).toBe('website');
    expect(meta('property', 'og:locale')).toBe('en_US');
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('property', 'og:image:width')).toBe('1200');
    expect(meta('property', 'og:image:height')).toBe('630');
    const image = meta('property', 'og:image');
    expect(image).toBeTruthy();
    const img = await fetch(new URL(image!, baseURL));
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await img.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('logs the app version 1.23 once, with no page errors under the CSP', async () => {
    const { page, consoleLines, pageErrors } = await openPage(browser, baseURL);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(consoleLines.filter((l) => l.includes('1.23'))).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    expect(consoleLines.filter((l) => /Content Security Policy|Refused to/i.test(l))).toEqual([]);
  });

  it('fits a 360-pixel phone screen on every public page', async () => {
    const { page } = await openPage(browser, baseURL, PHONE);
    for (const path of ['/', '/login', '/register', '/no-such-page']) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SHOTS, `phone${path === '/' ? '-home' : path.replaceAll('/', '-')}.png`), fullPage: true });
    }
  });

  it('shows a not-found page for an unknown route', async () => {
    const { page } = await openPage(browser, baseURL);
    await page.goto('/definitely/not/here');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/not found|404/i);
  });
});
