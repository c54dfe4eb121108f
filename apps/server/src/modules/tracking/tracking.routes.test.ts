import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { anonymousViews, BROWSER_UA, browserRecord, clientRecord, storedViews, track, trackingTestApp, VISITOR_IP } from '../../../test/tracking.js';

const tracking = trackingTestApp();
const stored = tracking.stored;
let t: TestApp;
beforeEach(() => {
  t = tracking.app();
});

describe('POST /public/trackUser', () => {
  it('answers 204 and stores the record with the address of the connection, not the one claimed', async () => {
    const res = await track(t.app, browserRecord({ ip: '8.8.8.8', city: 'Claimed', country: 'Nowhere', path: '/blogs/first-steps?token=secret#top' }));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row, ...rest] = await stored();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      path: '/blogs/first-steps',
      visitor_id: 'v-0192f0c1-7a1b-7cc3-9d1e-1234567890ab',
      ip: VISITOR_IP,
      city: null,
      country: null,
      referrer: 'Direct',
      os_name: 'Linux',
      device_type: 'desktop',
      cpu_architecture: 'x86',
      gpu_renderer: 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620)',
      hardware_cores: 8,
      device_memory: 8,
      is_touch_device: 0,
      browser_name: 'Chrome',
      browser_version: '131.0.0.0',
      user_agent: BROWSER_UA,
      screen_resolution: '1920x1080',
      language: 'en-IN',
      timezone: 'Asia/Kolkata',
      network_type: '4g',
      is_wifi: 0,
      battery_level: 0.5,
      is_charging: 1,
    });
    expect(row!.day).toBe(new Date(row!.created_at).toISOString().slice(0, 10));
  });

  it('accepts the record as text/plain, as navigator.sendBeacon sends it', async () => {
    const res = await track(t.app, browserRecord({ path: '/beacon' }), { contentType: 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(204);
    expect((await stored()).map((r) => r.path)).toEqual(['/beacon']);
  });

  it('keeps only the referring host: Direct for none, nothing for a page of this site', async () => {
    for (const referrer of ['https://www.google.com/search?q=ssc+cgl+syllabus', 'Direct', '', 'http://localhost:80/topics', 'not a url']) {
      await track(t.app, browserRecord({ referrer }), { headers: { host: 'localhost:80' } });
    }
    expect((await stored()).map((r) => r.referrer)).toEqual(['www.google.com', 'Direct', 'Direct', null, null]);
  });

  describe('privacy (docs/PRODUCT.md §8.6)', () => {
    it.each([
      ['Do Not Track', { dnt: '1' }],
      ['Global Privacy Control', { 'sec-gpc': '1' }],
    ])('keeps only an anonymous count under %s', async (_label, headers) => {
      expect((await track(t.app, browserRecord(), { headers })).statusCode).toBe(204);
      expect(await stored()).toEqual([]);
      expect(await anonymousViews(t.db)).toBe(1);
    });

    it('keeps only an anonymous count for a signed-in user under 18, and the record for an adult', async () => {
      const year = new Date().getUTCFullYear();
      const minor = await signedInUser(t.app, t.db, { date_of_birth: `${year - 17}-01-01` });
      const adult = await signedInUser(t.app, t.db, { date_of_birth: `${year - 19}-01-01` });
      await track(t.app, browserRecord({ path: '/minor' }), { headers: minor.auth });
      await track(t.app, browserRecord({ path: '/adult' }), { headers: adult.auth });
      await track(t.app, browserRecord({ path: '/after-dnt-0' }), { headers: { ...adult.auth, dnt: '0' } });
      expect((await stored()).map((r) => r.path)).toEqual(['/adult', '/after-dnt-0']);
      expect(await anonymousViews(t.db)).toBe(1);
    });

    it('records a page view whose token is not valid as a visitor without an account', async () => {
      const res = await track(t.app, browserRecord(), { headers: { authorization: 'Bearer not.a.token' } });
      expect(res.statusCode).toBe(204);
      expect(await stored()).toHaveLength(1);
    });
  });

  it.each([
    ['a crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['headless Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36'],
    ['a script', 'curl/8.5.0'],
  ])('answers %s 204 and records nothing', async (_label, ua) => {
    const res = await track(t.app, browserRecord({ userAgent: ua }), { headers: { 'user-agent': ua } });
    expect(res.statusCode).toBe(204);
    expect(await stored()).toEqual([]);
    expect(await anonymousViews(t.db)).toBe(0);
  });

  it('records nothing for a request without a user agent', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/public/trackUser', payload: browserRecord(), remoteAddress: VISITOR_IP });
    expect(res.statusCode).toBe(204);
    expect(await stored()).toEqual([]);
  });
});

describe('POST /public/trackUser with its own settings', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('past the per-IP limit answers 204 and records nothing more from that address', async () => {
    const limited = await buildTestApp({ env: { TRACKING_RATE_LIMIT_PER_MINUTE: '3' } });
    apps.push(limited);
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await track(limited.app, browserRecord({ path: `/page-${i}` }))).statusCode);
    codes.push((await track(limited.app, browserRecord({ path: '/other-address' }), { remoteAddress: '198.51.100.20' })).statusCode);
    expect(codes).toEqual([204, 204, 204, 204, 204, 204]);
    await limited.pageViews.flush();
    expect((await storedViews(limited.db)).map((r) => `${r.ip} ${r.path}`)).toEqual([
      `${VISITOR_IP} /page-0`,
      `${VISITOR_IP} /page-1`,
      `${VISITOR_IP} /page-2`,
      '198.51.100.20 /other-address',
    ]);
  });

  it("accepts the original client's record without a path, taking the path from a Referer of this site only", async () => {
    const site = await buildTestApp({ env: { PUBLIC_URL: 'https://abhyas.example' } });
    apps.push(site);
    const specRecord = clientRecord();
    const referers = [
      ['https://abhyas.example/blogs/first-steps?utm_source=x#top', 'internal.lan:3000'],
      ['http://192.168.1.5:3000/topics/percentages', '192.168.1.5:3000'],
      ['https://ABHYAS.example:443/', 'proxy.internal'],
      ['https://elsewhere.example/private/name', 'abhyas.example'],
      ['http://abhyas.example/downgraded', 'internal.lan:3000'],
      ['not a url', 'abhyas.example'],
      ['javascript:alert(1)', 'abhyas.example'],
      [undefined, 'abhyas.example'],
    ] as const;
    for (const [referer, host] of referers) {
      const res = await track(site.app, specRecord, { headers: { host, ...(referer ? { referer } : {}) } });
      expect(res.statusCode).toBe(204);
    }
    await site.pageViews.flush();
    const rows = await storedViews(site.db);
    expect(rows.map((r) => r.path)).toEqual(['/blogs/first-steps', '/topics/percentages', '/', null, null, null, null, null]);
    expect(rows[0]).toMatchObject({ visitor_id: specRecord.visitorId, referrer: 'Direct', browser_name: 'Chrome' });
  });

  it("sends a page's address as the Referer to this site alone", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('keeps the path the record carries over the Referer', async () => {
    const site = await buildTestApp({ env: { PUBLIC_URL: 'https://abhyas.example' } });
    apps.push(site);
    await track(site.app, browserRecord({ path: '/topics' }), { headers: { referer: 'https://abhyas.example/blogs' } });
    await site.pageViews.flush();
    expect((await storedViews(site.db)).map((r) => r.path)).toEqual(['/topics']);
  });

  it('takes the address from X-Forwarded-For only behind a trusted proxy', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    apps.push(proxied);
    const forwarded = { 'x-forwarded-for': '198.51.100.9' };
    await track(proxied.app, browserRecord({ path: '/via-proxy' }), { remoteAddress: '127.0.0.1', headers: forwarded });
    await track(proxied.app, browserRecord({ path: '/direct' }), { remoteAddress: VISITOR_IP, headers: forwarded });
    await proxied.pageViews.flush();
    expect((await storedViews(proxied.db)).map((r) => `${r.path} ${r.ip}`)).toEqual(['/via-proxy 198.51.100.9', `/direct ${VISITOR_IP}`]);
  });
});
