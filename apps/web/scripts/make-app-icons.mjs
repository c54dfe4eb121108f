// Renders the favicon (public/favicon.svg) to the installed app's icons in public/: 192 and 512 px
// as drawn, a 512-px maskable one (the mark inside the safe circle on a full square) and the 180-px
// icon iOS puts on the home screen, with the system Chromium. Run: node apps/web/scripts/make-app-icons.mjs
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = new URL('../public/', import.meta.url);
const svg = await readFile(new URL('favicon.svg', publicDir), 'utf8');
const BRAND = '#4f46e5';

/** The page to shoot: the mark at `scale` of the square, on the brand colour when `fill`. */
const page = (size, scale, fill) => `<!doctype html><html><body style="margin:0">
<div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:${fill ? BRAND : 'transparent'}">
<div style="width:${size * scale}px;height:${size * scale}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></div></body></html>`;

const icons = [
  { file: 'icon-192.png', size: 192, scale: 1, fill: false },
  { file: 'icon-512.png', size: 512, scale: 1, fill: false },
  // A maskable icon may be cut to a circle of 80% of its width: the mark stays inside it.
  { file: 'icon-maskable-512.png', size: 512, scale: 0.7, fill: true },
  { file: 'icon-apple-180.png', size: 180, scale: 1, fill: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const { file, size, scale, fill } of icons) {
    const tab = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await tab.setContent(page(size, scale, fill));
    const output = fileURLToPath(new URL(file, publicDir));
    await tab.screenshot({ path: output, omitBackground: !fill, clip: { x: 0, y: 0, width: size, height: size } });
    await tab.close();
    console.log(`wrote ${output}`);
  }
} finally {
  await browser.close();
}
