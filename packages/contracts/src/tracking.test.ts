import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema } from './analytics.js';
import { TRACKING_BODY_MAX_BYTES, TRACKING_TEXT_LIMITS, trackingRecordSchema } from './tracking.js';

/** A record with every text field at its limit and every other field set. */
function largestRecord(): Record<string, unknown> {
  const record: Record<string, unknown> = Object.fromEntries(Object.entries(TRACKING_TEXT_LIMITS).map(([field, max]) => [field, 'x'.repeat(max)]));
  record.path = `/${'p'.repeat(TRACKING_TEXT_LIMITS.path - 1)}`;
  return { ...record, isVpn: false, hardwareCores: 1024, deviceMemory: 1024, isTouchDevice: true, isWifi: false, batteryLevel: 0.999999999, isCharging: true };
}

describe('trackingRecordSchema', () => {
  it('accepts the largest record, which fits the tracking body limit', () => {
    const record = largestRecord();
    expect(trackingRecordSchema.safeParse(record).success).toBe(true);
    const json = JSON.stringify(record);
    // ASCII only, so its length in characters is its size in bytes.
    expect(json).toMatch(/^[ -~]*$/);
    expect(json.length).toBeLessThan(TRACKING_BODY_MAX_BYTES);
  });

  it("accepts the original client's record, which has no path", () => {
    expect(trackingRecordSchema.parse({ visitorId: 'v1', referrer: 'Direct' })).toEqual({ visitorId: 'v1', referrer: 'Direct' });
    expect(trackingRecordSchema.parse({ path: null })).toEqual({ path: null });
  });

  it('drops unknown fields, nested or not', () => {
    const parsed = trackingRecordSchema.parse({ path: '/', extra: { deep: [1, 2, 3] }, admin: true });
    expect(parsed).toEqual({ path: '/' });
  });

  it.each([
    [{ path: '/', userAgent: 'x'.repeat(513) }, 'userAgent', 'User agent must be at most 512 characters'],
    [{ path: '/', osName: { name: 'Linux' } }, 'osName', 'OS name must be text'],
    [{ path: '/', hardwareCores: '8' }, 'hardwareCores', 'Hardware cores must be a number'],
    [{ path: '/', hardwareCores: 2.5 }, 'hardwareCores', 'Hardware cores must be a whole number'],
    [{ path: '/', batteryLevel: 2 }, 'batteryLevel', 'Battery level must be at most 1'],
    [{ path: '/', isWifi: 'yes' }, 'isWifi', 'isWifi must be true or false'],
    [{ path: 'https://elsewhere.example/' }, 'path', 'Path must start with /'],
    [{ path: 7 }, 'path', 'Path must be text'],
  ])('refuses %j', (input, field, message) => {
    const result = trackingRecordSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });
});

describe('analyticsQuerySchema', () => {
  it('accepts a range of up to 366 days, both ends included', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2026-01-01', to: '2027-01-01' }).success).toBe(true);
    expect(analyticsQuerySchema.safeParse({ from: '2026-01-01', to: '2027-01-02' }).success).toBe(false);
  });

  it('refuses an inverted range and dates that do not exist', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2026-02-02', to: '2026-02-01' }).error?.issues[0]?.message).toBe('From must not be after To');
    expect(analyticsQuerySchema.safeParse({ from: '2026-02-30' }).error?.issues[0]?.message).toBe('From must be a date (YYYY-MM-DD)');
  });
});
