import { describe, expect, it } from 'vitest';
import { drawFromBank, quotas, unseenFirst, type Candidate } from './session-draw.js';

/** A small deterministic generator, so each run draws the same. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const bank = (prefix: string, n: number, difficulty: Candidate['difficulty']): Candidate[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, difficulty }));

describe('drawing a session from the bank', () => {
  it('takes unseen questions before recently answered ones, and the longest-ago answered first', () => {
    const candidates = bank('q', 6, 'easy');
    const seen = new Map([['q0', 300], ['q1', 100], ['q2', 200]]);
    for (let seed = 1; seed <= 20; seed += 1) {
      const drawn = drawFromBank(candidates, { count: 4, levels: null, seen, random: seeded(seed) });
      expect(new Set(drawn)).toEqual(new Set(['q3', 'q4', 'q5', 'q1']));
    }
  });

  it('splits a mix evenly, makes up a short level from the others, and never repeats a question', () => {
    const candidates = [...bank('e', 10, 'easy'), ...bank('m', 1, 'medium'), ...bank('h', 10, 'hard')];
    const drawn = drawFromBank(candidates, { count: 9, levels: ['easy', 'medium', 'hard'], seen: new Map(), random: seeded(3) });
    expect(new Set(drawn).size).toBe(9);
    expect(drawn.filter((id) => id.startsWith('m'))).toHaveLength(1);
    expect(drawn.filter((id) => id.startsWith('e')).length + drawn.filter((id) => id.startsWith('h')).length).toBe(8);
    expect(drawn.filter((id) => id.startsWith('e')).length).toBeGreaterThanOrEqual(3);
    expect(drawn.filter((id) => id.startsWith('h')).length).toBeGreaterThanOrEqual(3);
  });

  it('prefers an unseen question of another level to a seen one of the level short of its share', () => {
    const candidates = [...bank('e', 4, 'easy'), ...bank('h', 4, 'hard')];
    const seen = new Map([['h0', 1], ['h1', 1], ['h2', 1]]);
    const drawn = drawFromBank(candidates, { count: 4, levels: ['easy', 'hard'], seen, random: seeded(5) });
    expect(drawn).toContain('h3');
    expect(drawn.filter((id) => id.startsWith('e'))).toHaveLength(3);
  });

  it('serves all there is when the bank holds fewer than asked', () => {
    expect(drawFromBank(bank('q', 3, 'medium'), { count: 10, levels: null, seen: new Map([['q1', 5]]), random: seeded(1) }).sort()).toEqual(['q0', 'q1', 'q2']);
  });

  it('shares the count as evenly as it can', () => {
    const q = quotas(10, ['easy', 'medium', 'hard'], seeded(2));
    expect([...q.values()].sort()).toEqual([3, 3, 4]);
    expect(unseenFirst(['a', 'b', 'c', 'd'], new Map([['a', 2], ['c', 1]]))).toEqual(['b', 'd', 'c', 'a']);
  });
});
