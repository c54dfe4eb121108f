import { describe, expect, it } from 'vitest';
import { isMinor } from './age.js';

const on = (day: string) => Date.parse(`${day}T12:00:00Z`);

describe('isMinor', () => {
  it('is true until the 18th birthday, false from that day', () => {
    expect(isMinor('2008-11-22', on('2026-11-21'))).toBe(true);
    expect(isMinor('2008-11-21', on('2026-11-21'))).toBe(false);
    expect(isMinor('1990-01-01', on('2026-11-21'))).toBe(false);
  });

  it('handles a 29 February birthday: 18 on 1 March of a common year', () => {
    expect(isMinor('2008-02-29', on('2026-02-28'))).toBe(true);
    expect(isMinor('2008-02-29', on('2026-03-01'))).toBe(false);
  });

  it('treats an unknown or malformed date of birth as an adult', () => {
    expect(isMinor(null, on('2026-11-21'))).toBe(false);
    expect(isMinor('', on('2026-11-21'))).toBe(false);
    expect(isMinor('21/11/2010', on('2026-11-21'))).toBe(false);
  });
});
