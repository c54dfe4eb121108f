import { describe, expect, it } from 'vitest';
import { requestLanguage } from './language.js';

describe('requestLanguage', () => {
  it('answers in Hindi when the request prefers it', () => {
    for (const header of ['hi', 'HI', 'hi-IN', 'hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7', 'en;q=0.5, hi', 'hi, en', 'fr, hi;q=0.4', 'hi;q=0.8, *;q=0.5', 'en;q=0, hi;q=0.1', 'hi , en;q=0.9'])
      expect(requestLanguage(header), header).toBe('hi');
  });

  it('answers in English otherwise', () => {
    for (const header of [undefined, '', 'en', 'en-IN', 'en, hi', 'hi;q=0.5, en', 'hi;q=0', 'hi;q=0.000', 'fr', '*', 'hi;q=2', 'hi;q=abc', 'hi;q=', 'x'.repeat(2000), 'hi_IN', 'en;q=0.9, hi;q=0.9'])
      expect(requestLanguage(header), String(header).slice(0, 40)).toBe('en');
  });

  it('reads a header sent more than once as one list', () => {
    expect(requestLanguage(['en;q=0.1', 'hi'])).toBe('hi');
  });
});
