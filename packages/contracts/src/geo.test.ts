import { describe, expect, it } from 'vitest';
import { adsByLocationQuerySchema } from './ads.js';
import { locationText, roundCoordinate } from './geo.js';

describe('the location text', () => {
  it('is suburb, then city and postcode (docs/PRODUCT.md §6.4)', () => {
    expect(locationText({ suburb: 'Koramangala', city: 'Bengaluru', postcode: '560034' })).toBe('Koramangala, Bengaluru 560034');
  });

  it('leaves out the parts that are missing', () => {
    expect(locationText({ suburb: null, city: 'Bengaluru', postcode: '560034' })).toBe('Bengaluru 560034');
    expect(locationText({ suburb: 'Koramangala', city: null, postcode: null })).toBe('Koramangala');
    expect(locationText({ suburb: 'Koramangala', city: null, postcode: '560034' })).toBe('Koramangala, 560034');
    expect(locationText({ suburb: null, city: null, postcode: null })).toBe('');
  });

  it('rounds coordinates to 3 decimals, about 110 m', () => {
    expect(roundCoordinate(12.935_219)).toBe(12.935);
    expect(roundCoordinate(-0.0001)).toBe(0);
    expect(Object.is(roundCoordinate(-0.0001), -0)).toBe(false);
  });

  it('accepts only a six-digit PIN code for ads', () => {
    expect(adsByLocationQuerySchema.parse({ pincode: ' 560034 ' })).toEqual({ pincode: '560034' });
    expect(adsByLocationQuerySchema.safeParse({ pincode: '056003' }).success).toBe(false);
  });
});
