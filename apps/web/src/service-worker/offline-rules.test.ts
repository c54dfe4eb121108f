import { describe, expect, it } from 'vitest';
import { isApiAnswerType, isAppPage, isExamScreen, mayStore } from './offline-rules';

describe('what the service worker may keep on the device', () => {
  it.each([
    '/api/attempts/0190aa/result',
    '/api/attempts/0190aa/review',
    '/api/attempts/0190aa',
    '/api/practice/sessions/0190bb/answers/q1',
    '/api/me/attempts',
    '/api/admin/questions',
    '/api/admin/tests/t1/item-stats',
    '/api/contests/c1/leaderboard',
    '/api/users/profile',
    '/api',
    '/public/allblogs',
    '/topics/all',
    '/media/abc123.png',
    // A file name under the API is still the API's.
    '/api/assets/index-abc.js',
  ])('never an answer of the server: %s', (path) => {
    expect(mayStore(path)).toBe(false);
  });

  it.each(['/index.html', '/assets/index-ZLMryvxY.js', '/assets/hi-exam-_8kiclxA.js', '/assets/noto-sans-devanagari-devanagari-400-normal-BlDd6KY1.woff2', '/favicon.svg', '/manifest.webmanifest'])(
    'the built file %s',
    (path) => {
      expect(mayStore(path)).toBe(true);
    },
  );

  it.each(['/', '/tests', '/attempts/0190aa', '/sw.js', '/assets/../api/x', '/og-image.png'])('nothing else: %s', (path) => {
    expect(mayStore(path)).toBe(false);
  });

  it('refuses an answer typed as the API’s JSON, whatever its path', () => {
    expect(isApiAnswerType('application/json; charset=utf-8')).toBe(true);
    expect(isApiAnswerType('application/problem+json')).toBe(true);
    expect(isApiAnswerType('application/manifest+json')).toBe(false);
    expect(isApiAnswerType('text/javascript; charset=utf-8')).toBe(false);
    expect(isApiAnswerType(null)).toBe(false);
  });
});

describe('the pages the stored shell opens, and the exam screen', () => {
  it('answers the app’s pages, never the API’s paths nor a file', () => {
    for (const page of ['/', '/tests', '/attempts/0190aa', '/attempts/0190aa/result', '/blogs/some-post']) expect(isAppPage(page), page).toBe(true);
    for (const other of ['/api/docs', '/api', '/public/allblogs', '/topics/all', '/media/x', '/sitemap.xml', '/assets/missing.js']) expect(isAppPage(other), other).toBe(false);
  });

  it('knows the exam screen from the attempt’s other pages', () => {
    expect(isExamScreen('/attempts/0190aa')).toBe(true);
    expect(isExamScreen('/attempts/0190aa/')).toBe(true);
    for (const other of ['/attempts/0190aa/result', '/attempts/0190aa/review', '/me/attempts', '/tests/daily-quiz']) expect(isExamScreen(other), other).toBe(false);
  });
});
