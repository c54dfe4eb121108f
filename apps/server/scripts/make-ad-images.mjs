// Draws the demo ads' 1200 × 300 banners with the system Chromium and writes them as WebP into
/* global Image, document */
// src/demo/content/ads (committed; the seed stores them in the media table).
// Run: node apps/server/scripts/make-ad-images.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = fileURLToPath(new URL('../src/demo/content/ads/', import.meta.url));

const BANNERS = [
  { file: 'practice-free.webp', from: '#4338ca', to: '#6366f1', eyebrow: 'ABHYAS · ALL INDIA', title: 'Practise 200+ exam MCQs free', body: 'SSC, banking, UPSC, JEE and NEET, explained', cta: 'Start practising' },
  { file: 'koramangala-mock.webp', from: '#047857', to: '#10b981', eyebrow: 'KORAMANGALA · BENGALURU 560034', title: 'Free SSC CGL mock test this Sunday', body: 'Sit a full-length mock, then learn how to analyse it', cta: 'Read the guide' },
  { file: 'delhi-upsc.webp', from: '#9f1239', to: '#e11d48', eyebrow: 'DELHI · PIN 110…', title: 'UPSC prelims notes for Delhi aspirants', body: 'Polity, geography and more, one topic at a time', cta: 'Browse UPSC topics' },
];

const html = (b) => `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:300px;box-sizing:border-box;padding:44px 64px;display:flex;align-items:center;justify-content:space-between;gap:40px;
  background:linear-gradient(120deg,${b.from},${b.to});color:#fff;font-family:'DejaVu Sans',Arial,sans-serif">
  <div style="display:flex;flex-direction:column;gap:14px;max-width:820px">
    <div style="font-size:20px;letter-spacing:3px;font-weight:700;opacity:.85">${b.eyebrow}</div>
    <div style="font-size:50px;font-weight:800;line-height:1.1">${b.title}</div>
    <div style="font-size:26px;opacity:.92">${b.body}</div>
  </div>
  <div style="flex:none;background:#fff;color:${b.from};font-size:28px;font-weight:800;padding:22px 30px;border-radius:16px">${b.cta} →</div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 300 }, deviceScaleFactor: 1 });
  for (const banner of BANNERS) {
    await page.setContent(html(banner));
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 1200, height: 300 } });
    // Chromium screenshots PNG only; its canvas encodes WebP, several times smaller for a banner.
    const dataUrl = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      canvas.getContext('2d').drawImage(img, 0, 0);
      return canvas.toDataURL('image/webp', 0.82);
    }, `data:image/png;base64,${png.toString('base64')}`);
    const bytes = Buffer.from(dataUrl.split(',')[1], 'base64');
    writeFileSync(`${OUT}${banner.file}`, bytes);
    console.log(`wrote ${banner.file} (${bytes.length} bytes)`);
  }
} finally {
  await browser.close();
}
