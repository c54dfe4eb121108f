import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONNAUGHT_PLACE, KORAMANGALA } from '../apps/server/test/geocoder-stub.js';
import { png } from '../apps/server/test/fixtures/images.js';
import { launchBrowser, openPage, PHONE, SHOTS } from './browser.js';

const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const at = (place: { lat: number; lon: number }): BrowserContextOptions => ({ ...PHONE, geolocation: { latitude: place.lat, longitude: place.lon }, permissions: ['geolocation'] });
const KORAMANGALA_AD = 'Koramangala: free SSC CGL mock test this Sunday';
const DELHI_AD = 'UPSC prelims notes for Delhi aspirants';
const NATIONAL_AD = 'Practise 200+ exam MCQs free';

async function adminToken(): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@abhyas.test', password: 'practice123' }) });
  return ((await res.json()) as { token: string }).token;
}

async function countsOf(title: string): Promise<{ impressions: number; clicks: number }> {
  const res = await fetch(`${baseURL}/api/admin/ads`, { headers: { authorization: `Bearer ${await adminToken()}` } });
  const ads = ((await res.json()) as { data: { title: string; impressions: number; clicks: number }[] }).data;
  const ad = ads.find((a) => a.title === title)!;
  return { impressions: ad.impressions, clicks: ad.clicks };
}

/** Polls until `read` gives what `done` wants, for counts sent by beacon. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const header = (page: Page) => page.getByRole('banner');
/** Waits until the image with this text alternative has loaded. */
const imageLoaded = (page: Page, alt: string) =>
  page.waitForFunction((text) => Array.from(document.images).some((img) => img.alt === text && img.complete && img.naturalWidth > 0), alt);
const advert = (page: Page) => page.getByRole('complementary', { name: 'Advertisement' });

describe('location and ads in the browser', () => {
  it('shows the place in the header and the ad for its PIN, counting the view and the click', async () => {
    const before = await countsOf(KORAMANGALA_AD);
    const { page, pageErrors } = await openPage(browser, baseURL, at(KORAMANGALA));
    await page.goto('/');
    await header(page).getByText('Koramangala, Bengaluru 560034').waitFor();
    const image = advert(page).getByRole('img', { name: KORAMANGALA_AD });
    await image.waitFor();
    await expect(advert(page).getByRole('link').getAttribute('href')).resolves.toBe('/blogs/how-to-analyse-a-mock-test');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await image.scrollIntoViewIfNeeded();
    await imageLoaded(page, KORAMANGALA_AD);
    // The header stays on screen: the place and the banner in one view.
    await page.screenshot({ path: join(SHOTS, 'phone-location-ad.png') });
    const viewed = await eventually(() => countsOf(KORAMANGALA_AD), (c) => c.impressions > before.impressions);
    expect(viewed.impressions).toBe(before.impressions + 1);

    await image.click();
    await page.waitForURL('**/blogs/how-to-analyse-a-mock-test');
    const clicked = await eventually(() => countsOf(KORAMANGALA_AD), (c) => c.clicks > before.clicks);
    expect(clicked.clicks).toBe(before.clicks + 1);
    expect(pageErrors).toEqual([]);
  });

  it('shows a PIN prefix ad in Delhi', async () => {
    const { page } = await openPage(browser, baseURL, at(CONNAUGHT_PLACE));
    await page.goto('/topics');
    await header(page).getByText('Connaught Place, New Delhi 110001').waitFor();
    await advert(page).getByRole('img', { name: DELHI_AD }).waitFor();
  });

  it('says "Location not enabled" when permission is refused, shows a national ad, and then uses the profile PIN code', async () => {
    const { page } = await openPage(browser, baseURL, PHONE);
    await page.goto('/');
    await header(page).getByText('Location not enabled').waitFor();
    await advert(page).getByRole('img', { name: NATIONAL_AD }).waitFor();

    await page.goto('/login');
    await page.getByLabel('Email').fill('candidate@abhyas.test');
    await page.getByLabel('Password', { exact: true }).fill('practice123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/profile');
    await page.goto('/blogs');
    await header(page).getByText('Location not enabled').waitFor();
    await advert(page).getByRole('img', { name: KORAMANGALA_AD }).waitFor();
    await advert(page).scrollIntoViewIfNeeded();
    await imageLoaded(page, KORAMANGALA_AD);
    await page.screenshot({ path: join(SHOTS, 'phone-location-denied.png') });
  });

  it('says "Location not supported" without a geolocation API, and "Location fetch error" where no address is known', async () => {
    const unsupported = await openPage(browser, baseURL, PHONE);
    await unsupported.page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'geolocation', { get: () => undefined, configurable: true }));
    await unsupported.page.goto('/');
    await header(unsupported.page).getByText('Location not supported').waitFor();
    await unsupported.context.close();

    const nowhere = await openPage(browser, baseURL, at({ lat: -48.87, lon: -123.39 }));
    await nowhere.page.goto('/');
    await header(nowhere.page).getByText('Location fetch error').waitFor();
  });

  it('lets an admin create an ad with an uploaded banner, previewed, and serves it for its PIN', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'abhyas-ad-'));
    const file = join(dir, 'banner.png');
    writeFileSync(file, png(120, 30, 77));
    const title = `Mumbai crash course ${Date.now().toString(36)}`;

    const { page, pageErrors } = await openPage(browser, baseURL, PHONE);
    await page.goto('/login?next=/admin/ads');
    await page.getByLabel('Email').fill('admin@abhyas.test');
    await page.getByLabel('Password', { exact: true }).fill('practice123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/ads');
    await page.getByRole('heading', { name: KORAMANGALA_AD }).waitFor();
    expect(await advert(page).count()).toBe(0);
    await page.locator('main img').first().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => Array.from(document.images).some((img) => img.complete && img.naturalWidth > 0));
    await page.screenshot({ path: join(SHOTS, 'phone-admin-ads.png'), fullPage: true });

    await page.getByRole('link', { name: 'New ad' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Upload an image').setInputFiles(file);
    await expect(page.getByLabel('Image address').inputValue()).resolves.toBe('');
    await page.waitForFunction(() => (document.querySelector('input[name="imageUrl"]') as HTMLInputElement | null)?.value.startsWith('/media/'));
    await page.getByLabel('Link').fill('https://coaching.example/mumbai');
    await page.getByLabel('Chosen PIN codes and prefixes').check();
    await page.getByLabel('PIN codes and prefixes', { exact: true }).fill('400001, 4000');
    await advert(page).getByRole('img', { name: title }).waitFor();
    await imageLoaded(page, title);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/ads/*/edit');
    await page.getByText('Live').first().waitFor();
    await page.screenshot({ path: join(SHOTS, 'phone-admin-ad-editor.png'), fullPage: true });

    const res = await fetch(`${baseURL}/api/advertisements/getAdsbyLocation?pincode=400001`);
    const ads = ((await res.json()) as { data: { title: string; imageUrl: string }[] }).data;
    expect(ads.map((a) => a.title)).toEqual([title]);
    const image = await fetch(new URL(ads[0]!.imageUrl, baseURL));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(pageErrors).toEqual([]);
  });
});
