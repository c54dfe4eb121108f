import { describe, expect, it } from 'vitest';
import { cutOffGap, cutOffLine, cutOffStanding } from './cut-off';

describe('a score against a cut-off', () => {
  it('says how many marks above or below, in the same neutral words either way', () => {
    expect(cutOffLine(128, 120)).toBe('Cut-off 120 · you are 8 marks above');
    expect(cutOffLine(115.5, 120)).toBe('Cut-off 120 · you are 4.5 marks below');
    expect(cutOffLine(-3.25, -2)).toBe('Cut-off −2 · you are 1.25 marks below');
  });

  it('speaks of one mark, and of a score on the cut-off, after rounding to two decimals', () => {
    expect(cutOffStanding(31, 30)).toBe('you are 1 mark above');
    expect(cutOffStanding(29, 30)).toBe('you are 1 mark below');
    expect(cutOffStanding(30.001, 30)).toBe('your score equals it');
    expect(cutOffStanding(0.1 + 0.2, 0.3)).toBe('your score equals it');
  });

  it('says it short for a table cell', () => {
    expect([cutOffGap(41.5, 30), cutOffGap(22, 26.5), cutOffGap(20, 20), cutOffGap(31, 30)]).toEqual(['11.5 above', '4.5 below', 'equal', '1 above']);
  });
});
