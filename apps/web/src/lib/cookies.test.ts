import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie, rememberProfileCompletion, serializeCookie, writeCookie } from './cookies';

afterEach(() => {
  document.cookie = 'isCompleted=; Max-Age=0; Path=/';
});

describe('cookies', () => {
  it('serialises name, value, max-age, path and SameSite', () => {
    expect(serializeCookie('isCompleted', 'true', { maxAgeSeconds: 604800 })).toBe(
      'isCompleted=true; Max-Age=604800; Path=/; SameSite=Lax',
    );
  });

  it('writes isCompleted for 7 days after a profile fetch', () => {
    const setter = vi.spyOn(document, 'cookie', 'set');
    rememberProfileCompletion(true);
    expect(setter).toHaveBeenCalledExactlyOnceWith('isCompleted=true; Max-Age=604800; Path=/; SameSite=Lax');
    setter.mockRestore();
    rememberProfileCompletion(false);
    expect(readCookie('isCompleted')).toBe('false');
  });

  it('reads back what it wrote, and null for a missing cookie', () => {
    writeCookie('greeting', 'नमस्ते; hi', { maxAgeSeconds: 60 });
    expect(readCookie('greeting')).toBe('नमस्ते; hi');
    expect(readCookie('missing')).toBeNull();
  });
});
