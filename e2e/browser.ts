import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium to drive: CHROMIUM_PATH, else Debian's package. */
export function chromiumPath(): string {
  const found = CANDIDATES.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install Debian\'s package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

/** Launches headless Chromium with the flags this machine needs (no sandbox as root, no background networking). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * A fresh context and page, collecting console messages and page errors. Call it inside a test: the
 * context closes when the test ends, passed or failed, so a failing step never leaves one open.
 */
export async function openPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}) {
  const context: BrowserContext = await browser.newContext({ baseURL, ...options });
  onTestFinished(() => context.close());
  const page: Page = await context.newPage();
  const consoleLines: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return { context, page, consoleLines, pageErrors };
}

/** Where the end-to-end tests leave their screenshots for a person to look at. */
export const SHOTS = join(import.meta.dirname, '..', '.e2e', 'screens');
