import { describe, expect, it } from 'vitest';
import { toIso } from './clock.js';

describe('toIso', () => {
  it('writes what toISOString writes, within a second, across seconds and back, for any millisecond', () => {
    const times = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, Date.UTC(2026, 10, 28, 7, 16, 26, 5), Date.UTC(2026, 10, 28, 7, 16, 26, 50), Date.UTC(2026, 10, 28, 7, 16, 27, 0), Date.UTC(1999, 11, 31, 23, 59, 59, 999), -1, -1001, 1.5, 999.9, -1.5, 1_795_848_757_010.75, Date.UTC(2026, 10, 28, 7, 16, 26, 999), 253402300799999];
    for (const ms of times) expect(toIso(ms)).toBe(new Date(ms).toISOString());
    for (let ms = 1_795_848_757_000; ms < 1_795_848_759_500; ms += 7) expect(toIso(ms)).toBe(new Date(ms).toISOString());
  });
});
