import { describe, expect, it } from 'vitest';
import { lastDays, rangeDays, rangeFromParams } from './analytics-range';
import { labelIndexes, niceCeiling } from './chart-scale';

const NOW = Date.parse('2026-11-21T18:30:00Z');

describe('the analytics range', () => {
  it('takes a sensible range from the address bar, else the last 30 days', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-11-01&to=2026-11-07'), NOW)).toEqual({ from: '2026-11-01', to: '2026-11-07' });
    for (const query of ['', 'from=2026-11-08&to=2026-11-07', 'from=yesterday&to=2026-11-07', 'from=2026-11-01']) {
      expect(rangeFromParams(new URLSearchParams(query), NOW), query).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    }
  });

  it('counts both ends', () => {
    expect(rangeDays(lastDays(7, NOW))).toBe(7);
    expect(rangeDays({ from: '2026-02-28', to: '2026-03-01' })).toBe(2);
  });
});

describe('the chart scale', () => {
  it('rounds the top of the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 180, 999, 1001].map(niceCeiling)).toEqual([1, 1, 5, 10, 20, 200, 1000, 2000]);
  });

  it('labels the first and last day and some between', () => {
    expect(labelIndexes(30, 4)).toEqual([0, 10, 19, 29]);
    expect(labelIndexes(3, 4)).toEqual([0, 1, 2]);
    expect(labelIndexes(0, 4)).toEqual([]);
  });
});
