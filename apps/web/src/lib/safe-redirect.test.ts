import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-redirect';

describe('safeNextPath', () => {
  it('keeps paths on this site', () => {
    expect(safeNextPath('/profile?tab=1', '/x')).toBe('/profile?tab=1');
  });

  it('refuses other sites and empty values', () => {
    for (const next of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'profile']) {
      expect(safeNextPath(next, '/profile')).toBe('/profile');
    }
  });
});
