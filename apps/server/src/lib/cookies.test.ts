import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from './cookies.js';

describe('parseCookies', () => {
  it('reads every cookie by name, the first of a repeated name, quoted values unquoted', () => {
    const cookies = parseCookies('a=1; b="two"; a=3;malformed; =x; c=x=y');
    expect({ ...cookies }).toEqual({ a: '1', b: 'two', c: 'x=y' });
  });

  it('keeps a cookie named like an Object method as a plain cookie', () => {
    const cookies = parseCookies('constructor=1; __proto__=2; toString=3');
    expect(cookies.constructor).toBe('1');
    expect(cookies.toString).toBe('3');
    expect(Object.keys(cookies)).toEqual(['constructor', '__proto__', 'toString']);
  });

  it('answers nothing for no header', () => {
    expect(Object.keys(parseCookies(undefined))).toEqual([]);
  });
});

describe('serializeCookie', () => {
  it('writes an HttpOnly, SameSite=Strict cookie, Secure when asked', () => {
    expect(serializeCookie('n', 'v', { path: '/api/auth', maxAgeSeconds: 60, secure: false })).toBe('n=v; Path=/api/auth; Max-Age=60; HttpOnly; SameSite=Strict');
    expect(serializeCookie('n', 'v', { path: '/', maxAgeSeconds: 1, secure: true })).toMatch(/; Secure$/);
  });
});
