import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.js';

describe('token service', () => {
  it('verifies a token again from its kept claims, and refuses it once expired all the same', () => {
    let now = Date.UTC(2026, 10, 23, 10, 0, 0);
    const tokens = createTokenService('a-secret-of-enough-length-for-hs256', 60_000, () => now);
    const token = tokens.sign('user-1', 3);
    expect(tokens.verify(token)).toEqual({ sub: 'user-1', ver: 3 });
    expect(tokens.verify(token)).toEqual({ sub: 'user-1', ver: 3 });
    now += 61_000;
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a forged token every time, also after a genuine one was verified', () => {
    const tokens = createTokenService('a-secret-of-enough-length-for-hs256', 60_000, () => Date.now());
    const genuine = tokens.sign('user-1', 0);
    expect(tokens.verify(genuine)).not.toBeNull();
    const [header, payload] = genuine.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(tokens.verify(forged)).toBeNull();
    expect(tokens.verify(forged)).toBeNull();
    const other = createTokenService('another-secret-of-enough-length-0', 60_000, () => Date.now());
    expect(tokens.verify(other.sign('user-1', 0))).toBeNull();
  });
});
