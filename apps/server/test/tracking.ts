import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../src/db/index.js';
import { buildTestApp, type TestApp } from './helpers.js';

/** A desktop Chrome's user agent: what a real page view carries. */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** An address in TEST-NET-3 (RFC 5737): public-looking, never routed. */
export const VISITOR_IP = '203.0.113.7';

/** The record the web client sends for a page load, field for field. */
export function browserRecord(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    visitorId: 'v-0192f0c1-7a1b-7cc3-9d1e-1234567890ab',
    ip: null,
    city: null,
    region: null,
    country: null,
    org: null,
    isVpn: null,
    osName: 'Linux',
    osVersion: null,
    deviceType: 'desktop',
    deviceModel: null,
    deviceVendor: null,
    cpuArchitecture: 'x86',
    gpuVendor: 'Google Inc. (Intel)',
    gpuRenderer: 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620)',
    hardwareCores: 8,
    deviceMemory: 8,
    isTouchDevice: false,
    browserName: 'Chrome',
    browserVersion: '131.0.0.0',
    userAgent: BROWSER_UA,
    platform: 'Linux x86_64',
    screenResolution: '1920x1080',
    language: 'en-IN',
    timezone: 'Asia/Kolkata',
    referrer: 'Direct',
    networkType: '4g',
    isWifi: false,
    timestamp: '2026-11-21T10:00:00.000Z',
    batteryLevel: 0.5,
    isCharging: true,
    path: '/topics',
    ...over,
  };
}

/** The record as the original client sends it: without the path. */
export function clientRecord(): Record<string, unknown> {
  const record = browserRecord();
  delete record.path;
  return record;
}

type TrackOptions = { headers?: Record<string, string>; remoteAddress?: string; body?: string; contentType?: string };

/** Posts a page view as a browser at VISITOR_IP would. */
export function track(app: FastifyInstance, record: unknown, opts: TrackOptions = {}) {
  return app.inject({
    method: 'POST',
    url: '/public/trackUser',
    remoteAddress: opts.remoteAddress ?? VISITOR_IP,
    headers: { 'user-agent': BROWSER_UA, 'content-type': opts.contentType ?? 'application/json', ...opts.headers },
    payload: opts.body ?? JSON.stringify(record),
  });
}

/** Every stored raw page view, oldest first. */
export async function storedViews(db: Db) {
  return db.selectFrom('page_views').selectAll().orderBy('id').execute();
}

/** The anonymous page views counted for every day, added up. */
export async function anonymousViews(db: Db): Promise<number> {
  const rows = await db.selectFrom('page_view_stats').select('views').where('dimension', '=', 'anonymous').execute();
  return rows.reduce((sum, r) => sum + Number(r.views), 0);
}

/**
 * One test app for the file, with no page views at the start of each test. `stored()` writes what
 * the recorder holds and reads every raw page view back.
 */
export function trackingTestApp(env: Record<string, string> = {}) {
  let t: TestApp | undefined;
  const app = (): TestApp => {
    if (!t) throw new Error('the test app is built in beforeAll');
    return t;
  };
  beforeAll(async () => {
    t = await buildTestApp({ env });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await app().pageViews.flush();
    await app().db.deleteFrom('page_views').execute();
    await app().db.deleteFrom('page_view_stats').execute();
  });
  return {
    app,
    stored: async () => {
      await app().pageViews.flush();
      return storedViews(app().db);
    },
  };
}
