import type { Ad } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import { pickAd } from './pick-ad';

const ad = (id: string, weight: number): Ad => ({ id, title: id, imageUrl: `/media/${id}.png`, targetUrl: '/', weight });

describe('pickAd', () => {
  it('picks in proportion to weight', () => {
    const ads = [ad('a', 1), ad('b', 3)];
    expect(pickAd(ads, 0)?.id).toBe('a');
    expect(pickAd(ads, 0.24)?.id).toBe('a');
    expect(pickAd(ads, 0.25)?.id).toBe('b');
    expect(pickAd(ads, 0.999)?.id).toBe('b');
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 1000; i += 1) counts[pickAd(ads, i / 1000)!.id as 'a' | 'b'] += 1;
    expect(counts).toEqual({ a: 250, b: 750 });
  });

  it('gives nothing for no ads, and the only one for one', () => {
    expect(pickAd([], 0.5)).toBeUndefined();
    expect(pickAd([ad('only', 7)], 0.9)?.id).toBe('only');
  });
});
