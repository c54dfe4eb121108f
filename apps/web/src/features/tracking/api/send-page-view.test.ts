import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP, TRACKING_TEXT_LIMITS, trackingRecordSchema } from '@abhyas/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiOrigin } from '@/lib/api-client';
import { pageViewRecord, type BrowserNavigator } from '../utils/page-view-record';
import { trackPageView } from './send-page-view';

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; M2101K6G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36';

/** A phone's navigator: what a budget Android phone on Wi-Fi reports. */
function phone(over: Partial<BrowserNavigator> = {}): BrowserNavigator {
  return {
    userAgent: ANDROID_UA,
    hardwareConcurrency: 8,
    deviceMemory: 4,
    maxTouchPoints: 5,
    language: 'hi-IN',
    platform: 'Linux armv8l',
    doNotTrack: null,
    connection: { type: 'wifi', effectiveType: '4g' },
    getBattery: async () => ({ level: 0.42, charging: false }),
    ...over,
  } as BrowserNavigator;
}

type Received = { method: string; contentType: string | null; authorization: string | null; body: unknown };
let received: Received[] = [];
let server: Server;
let origin: string;
let answer = 204;

function collect(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
  if (req.method === 'OPTIONS') return res.writeHead(204).end();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({
      method: req.method ?? '',
      contentType: req.headers['content-type'] ?? null,
      authorization: req.headers.authorization ?? null,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
    });
    res.writeHead(answer).end();
  });
}

beforeAll(async () => {
  server = createServer(collect);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  setApiOrigin('');
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received = [];
  answer = 204;
  localStorage.clear();
  setApiOrigin(origin);
});

const arrived = async (count: number) => {
  await vi.waitFor(() => expect(received).toHaveLength(count));
  return received;
};

describe('the page-view record', () => {
  it("fills the record's fields from the browser, within the server's limits", async () => {
    const record = await pageViewRecord(`/topics/${'x'.repeat(600)}`, '', phone());
    expect(trackingRecordSchema.safeParse(record).success).toBe(true);
    expect(record).toMatchObject({
      ip: null,
      city: null,
      osName: 'Android',
      osVersion: '13',
      deviceType: 'mobile',
      browserName: 'Chrome',
      browserVersion: '131.0.6778.81',
      userAgent: ANDROID_UA,
      hardwareCores: 8,
      deviceMemory: 4,
      isTouchDevice: true,
      language: 'hi-IN',
      referrer: 'Direct',
      networkType: 'wifi',
      isWifi: true,
      batteryLevel: 0.42,
      isCharging: false,
    });
    expect(record.path).toHaveLength(TRACKING_TEXT_LIMITS.path);
    expect(record.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem('visitorId')).toBe(record.visitorId);
    expect((await pageViewRecord('/blogs', 'https://www.google.com/', phone())).visitorId).toBe(record.visitorId);
  });

  it.each([
    ['Do Not Track', { doNotTrack: '1' }],
    ['Global Privacy Control', { globalPrivacyControl: true }],
  ])('carries only the page and the time under %s, and no visitor id is made', async (_label, over) => {
    const record = await pageViewRecord('/topics', 'https://www.google.com/', phone(over));
    expect(Object.keys(record).sort()).toEqual(['path', 'timestamp']);
    expect(localStorage.getItem('visitorId')).toBeNull();
  });
});

describe('trackPageView', () => {
  it('sends the bearer token with the record when signed in', async () => {
    localStorage.setItem(APP.authTokenKey, 'tok-42');
    await trackPageView('/profile', '');
    const [request] = await arrived(1);
    expect(request).toMatchObject({ method: 'POST', authorization: 'Bearer tok-42', contentType: 'application/json', body: { path: '/profile', referrer: 'Direct' } });
  });

  it('sends a beacon without credentials when signed out', async () => {
    await trackPageView('/blogs', 'https://t.co/abc');
    const [request] = await arrived(1);
    expect(request).toMatchObject({ method: 'POST', authorization: null, body: { path: '/blogs', referrer: 'https://t.co/abc' } });
  });

  it('only logs a failure to the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(APP.authTokenKey, 'tok-42');
    answer = 500;
    await expect(trackPageView('/profile', '')).resolves.toBeUndefined();
    setApiOrigin('http://127.0.0.1:1');
    await expect(trackPageView('/profile', '')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toBe('Page view not recorded:');
  });
});
