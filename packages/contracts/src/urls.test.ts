import { describe, expect, it } from 'vitest';
import { isHttpsAddress, isSiteOrHttpsAddress, isSitePath } from './urls.js';

describe('addresses editors set', () => {
  it.each(['/media/abc.webp', '/topics', '/', '/blogs/a?x=1#top', 'https://cdn.example/x.png', 'https://cdn.example:8443/x.png?v=2', 'HTTPS://CDN.EXAMPLE/X.PNG'])(
    'accepts %j',
    (value) => {
      expect(isSiteOrHttpsAddress(value)).toBe(true);
    },
  );

  it.each([
    '/\\evil.example/x.png',
    '//evil.example/x.png',
    '/\\\\evil',
    '\\\\evil',
    '\\/evil.example',
    '/media/x.png\\..\\y',
    '/media/a b.png',
    '/media/a\tb.png',
    '/\t/evil.example',
    '/media/x\u0000.png',
    '/media/x\u0085.png',
    'javascript:alert(1)',
    'http://cdn.example/x.png',
    'https:/\\evil.example/x.png',
    'https:evil.example/x.png',
    'https://',
    'https://user:pw@cdn.example/x.png',
    'data:image/png;base64,AAAA',
    'media/x.png',
    '',
  ])('refuses %j', (value) => {
    expect(isSiteOrHttpsAddress(value)).toBe(false);
  });

  it('tells a site path from an https address', () => {
    expect(isSitePath('https://cdn.example/x.png')).toBe(false);
    expect(isHttpsAddress('/media/abc.webp')).toBe(false);
  });
});
