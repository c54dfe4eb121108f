import { describe, expect, it } from 'vitest';
import { adPincode } from './ad-pincode';

describe('adPincode', () => {
  it("uses the location's postcode when it found one", () => {
    expect(adPincode({ status: 'found', postcode: '560034' }, '110001')).toBe('560034');
  });

  it("falls back to the profile's PIN code when the location is unavailable", () => {
    for (const status of ['unsupported', 'denied', 'error'] as const) expect(adPincode({ status, postcode: null }, '110001')).toBe('110001');
    expect(adPincode({ status: 'found', postcode: 'SW1A 1AA' }, '110001')).toBe('110001');
  });

  it('waits while detecting, and has none (national ads) without a valid PIN code', () => {
    expect(adPincode({ status: 'detecting', postcode: null }, '110001')).toBeUndefined();
    expect(adPincode({ status: 'denied', postcode: null }, null)).toBeNull();
    expect(adPincode({ status: 'denied', postcode: null }, '01234')).toBeNull();
  });
});
