import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

describe('ResponseCache', () => {
  it('serves an entry only under the version it was made with', () => {
    const cache = new ResponseCache();
    cache.set('k', 1, 'one');
    expect(cache.get('k', 1)).toBe('one');
    expect(cache.get('k', 2)).toBeUndefined();
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('drops the least recently used entries beyond its entry and byte bounds', () => {
    const cache = new ResponseCache(2, 1000);
    cache.set('a', 1, 'x');
    cache.set('b', 1, 'y');
    cache.get('a', 1);
    cache.set('c', 1, 'z');
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual(['x', undefined, 'z']);
    const small = new ResponseCache(100, 100);
    small.set('big1', 1, 'a'.repeat(20));
    small.set('big2', 1, 'b'.repeat(20));
    small.set('too-big', 1, 'c'.repeat(60));
    expect(small.get('too-big', 1)).toBeUndefined();
    for (let i = 0; i < 10; i += 1) small.set(`k${i}`, 1, 'd'.repeat(20));
    expect(small.size).toBeLessThanOrEqual(5);
  });
});
