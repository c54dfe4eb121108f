// Renders scripts/og-image.html to public/og-image.png at exactly 1200x630 (the open-graph size
// fixed by docs/PRODUCT.md §7) with the system Chromium. Run: node apps/web/scripts/make-og-image.mjs
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const html = new URL('./og-image.html', import.meta.url);
const output = fileURLToPath(new URL('../public/og-image.png', import.meta.url));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.goto(html.href);
  await page.screenshot({ path: output, clip: { x: 0, y: 0, width: 1200, height: 630 } });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
}
