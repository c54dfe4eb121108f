import { describe, expect, it } from 'vitest';
import { seededRandom, shuffled } from '../../lib/seeded-random.js';
import { drawRules } from './draw.js';

describe('seededRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const take = (seed: string) => Array.from({ length: 5 }, seededRandom(seed));
    expect(take('a')).toEqual(take('a'));
    expect(take('a')).not.toEqual(take('b'));
    expect(take('a').every((x) => x >= 0 && x < 1)).toBe(true);
    expect(shuffled([1, 2, 3, 4, 5, 6], seededRandom('s')).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('drawRules', () => {
  it('moves an earlier rule to another question when a later rule has no other', () => {
    // Whatever the first rule takes first, the second rule needs q1, so q1 must end with it.
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const result = drawRules([{ count: 1, pool: ['q1', 'q2'] }, { count: 1, pool: ['q1'] }], seededRandom(seed));
      expect(result).toEqual({ ok: true, drawn: [['q2'], ['q1']] });
    }
  });

  it('names the rules that together need more than their questions', () => {
    const result = drawRules([{ count: 2, pool: ['a', 'b', 'c'] }, { count: 1, pool: ['d'] }, { count: 2, pool: ['a', 'b'] }], seededRandom('x'));
    expect(result).toEqual({ ok: false, shortfall: { rules: [0, 2], need: 4, have: 3 } });
  });

  it('fills exactly when the pools allow it, never a question twice', () => {
    const pool = Array.from({ length: 30 }, (_, i) => `q${i}`);
    const result = drawRules([{ count: 10, pool }, { count: 10, pool: pool.slice(0, 15) }, { count: 10, pool: pool.slice(10) }], seededRandom('y'));
    expect(result.ok).toBe(true);
    if (result.ok) expect(new Set(result.drawn.flat()).size).toBe(30);
  });
});
