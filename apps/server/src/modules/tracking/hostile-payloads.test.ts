import { TRACKING_BODY_MAX_BYTES, TRACKING_TEXT_LIMITS } from '@abhyas/contracts';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.js';
import { anonymousViews, browserRecord, track, trackingTestApp } from '../../../test/tracking.js';

const tracking = trackingTestApp({ TRACKING_RATE_LIMIT_PER_MINUTE: '100000' });
const stored = tracking.stored;
let t: TestApp;
beforeEach(() => {
  t = tracking.app();
});

/** The stored text columns and the contract field whose limit bounds each. */
const BOUNDED_COLUMNS = {
  path: 'path',
  visitor_id: 'visitorId',
  os_name: 'osName',
  os_version: 'osVersion',
  device_type: 'deviceType',
  device_model: 'deviceModel',
  device_vendor: 'deviceVendor',
  cpu_architecture: 'cpuArchitecture',
  gpu_vendor: 'gpuVendor',
  gpu_renderer: 'gpuRenderer',
  browser_name: 'browserName',
  browser_version: 'browserVersion',
  user_agent: 'userAgent',
  platform: 'platform',
  screen_resolution: 'screenResolution',
  language: 'language',
  timezone: 'timezone',
  referrer: 'referrer',
  network_type: 'networkType',
} as const;

async function expectEverythingWithinBounds() {
  for (const row of await stored()) {
    for (const [column, field] of Object.entries(BOUNDED_COLUMNS)) {
      const value = row[column as keyof typeof row];
      // Limits count characters (Unicode code points), as zod does.
      if (value !== null) expect([...String(value)].length, column).toBeLessThanOrEqual(TRACKING_TEXT_LIMITS[field]);
    }
  }
}

describe('hostile tracking payloads', () => {
  it('refuses a body over the tracking limit with 413 before reading it, and stores nothing', async () => {
    const res = await track(t.app, browserRecord({ userAgent: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
    expect(await stored()).toEqual([]);
  });

  it('refuses 10,000 fields by size, cheaply', async () => {
    const fields = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, i]));
    const body = JSON.stringify({ ...browserRecord(), ...fields });
    expect(Buffer.byteLength(body)).toBeGreaterThan(TRACKING_BODY_MAX_BYTES);
    const started = performance.now();
    const res = await track(t.app, null, { body });
    expect(res.statusCode).toBe(413);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await stored()).toEqual([]);
  });

  it('drops unknown fields, nested ones too, as many as fit in the limit', async () => {
    const extra = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`x${i}`, { a: [i, { b: 'c' }] }]));
    const res = await track(t.app, { ...browserRecord({ path: '/extra' }), ...extra, constructorx: { prototype: {} } });
    expect(res.statusCode).toBe(204);
    const rows = await stored();
    expect(rows.map((r) => r.path)).toEqual(['/extra']);
    expect(Object.keys(rows[0]!)).not.toContain('x0');
  });

  it.each([
    ['a string over its limit', { userAgent: 'u'.repeat(TRACKING_TEXT_LIMITS.userAgent + 1) }, 'userAgent', 'User agent must be at most 512 characters'],
    ['an object for a text field', { osName: { toString: 'Linux' } }, 'osName', 'OS name must be text'],
    ['a list for a text field', { browserName: ['Chrome'] }, 'browserName', 'Browser name must be text'],
    ['text for a number', { hardwareCores: '8' }, 'hardwareCores', 'Hardware cores must be a number'],
    ['a huge number', { deviceMemory: 1e308 }, 'deviceMemory', 'Device memory must be at most 1024'],
    ['text for a flag', { isTouchDevice: 'true' }, 'isTouchDevice', 'isTouchDevice must be true or false'],
    ['a full URL as the path', { path: 'https://elsewhere.example/x' }, 'path', 'Path must start with /'],
    ['a number as the path', { path: 42 }, 'path', 'Path must be text'],
    ['an empty path', { path: '  ' }, 'path', 'Path must start with /'],
  ])('refuses %s with 400 and the field named', async (_label, over, field, message) => {
    const res = await track(t.app, browserRecord(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.arrayContaining([{ field, message }]) });
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['a list', '[{"path":"/"}]', 'The body must be a JSON object'],
    ['a string', '"/"', 'The body must be a JSON object'],
    ['null', 'null', 'The body must be a JSON object'],
    ['broken JSON', '{"path":"/"', 'The request body is not valid JSON'],
    ['a prototype-polluting key', '{"path":"/","__proto__":{"admin":true}}', 'The request body is not valid JSON'],
  ])('refuses %s as the body with 400', async (_label, body, message) => {
    const res = await track(t.app, null, { body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('removes control characters, NUL included, which PostgreSQL would refuse', async () => {
    const res = await track(t.app, browserRecord({ path: '/nul\u0000path', osName: 'Li\u0000nux\u0007', browserName: '\u0000' }));
    expect(res.statusCode).toBe(204);
    expect(await stored()).toMatchObject([{ path: '/nulpath', os_name: 'Linux', browser_name: null }]);
  });

  it('removes lone surrogates, which would read back longer than their limit, and keeps real pairs', async () => {
    const networkType = `${'\ud800'.repeat(8)}${'w'.repeat(8)}`;
    const res = await track(t.app, browserRecord({ networkType, osName: 'Linux \ud83d\udc27', browserName: '\udc00Chrome' }));
    expect(res.statusCode).toBe(204);
    expect(await stored()).toMatchObject([{ network_type: 'wwwwwwww', os_name: 'Linux 🐧', browser_name: 'Chrome' }]);
  });

  it('answers any JSON object with 204, 400 or 413, never more, and stores nothing beyond the bounds', async () => {
    const fieldNames = [...Object.keys(TRACKING_TEXT_LIMITS), 'hardwareCores', 'deviceMemory', 'isTouchDevice', 'isWifi', 'isVpn', 'batteryLevel', 'isCharging'];
    const field = fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 }));
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.string({ maxLength: 600, unit: 'binary' }),
      fc.constantFrom(0, -1, 1.5, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, true, null, '/'),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, value, { maxKeys: 40 }), fc.boolean(), async (record, withPath) => {
        const body = withPath ? { ...record, path: '/fuzz' } : record;
        const res = await track(t.app, body);
        expect([204, 400, 413]).toContain(res.statusCode);
        if (res.statusCode === 204) await expectEverythingWithinBounds();
      }),
      { numRuns: 200 },
    );
    expect(await anonymousViews(t.db)).toBe(0);
  });

  it('stores text fields made of awkward characters within their limits', async () => {
    // Lone surrogate halves (two in a row make a pair), NUL and other controls, spaces, letters.
    const awkward = fc.constantFrom('\ud83d', '\udc27', '\u0000', '\u001f', ' ', '\u00a0', 'a', 'क');
    const fields = Object.fromEntries(
      Object.entries(TRACKING_TEXT_LIMITS).map(([field, max]) => [field, fc.string({ maxLength: max, unit: awkward })]),
    );
    await fc.assert(
      fc.asyncProperty(fc.record(fields, { requiredKeys: [] }), async (texts) => {
        await t.db.deleteFrom('page_views').execute();
        const res = await track(t.app, { ...texts, path: `/${texts.path ?? ''}`.slice(0, TRACKING_TEXT_LIMITS.path) });
        expect([204, 400]).toContain(res.statusCode);
        if (res.statusCode === 204) await expectEverythingWithinBounds();
      }),
      { numRuns: 100 },
    );
  });
});
