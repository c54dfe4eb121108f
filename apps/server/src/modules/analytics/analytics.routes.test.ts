import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { browserRecord, track } from '../../../test/tracking.js';

const clock = testClock(Date.parse('2026-11-21T08:00:00Z'));
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
  await track(t.app, browserRecord({ visitorId: 'a', path: '/' }));
  await track(t.app, browserRecord({ visitorId: 'a', path: '/topics', referrer: 'http://localhost:80/' }));
  await track(t.app, browserRecord({ visitorId: 'b', path: '/topics', referrer: 'https://www.google.com/search?q=x', deviceType: 'mobile', osName: 'Android', browserName: '=HYPERLINK("http://evil.example")' }));
  await track(t.app, browserRecord({ visitorId: 'c', path: '/topics' }), { headers: { 'sec-gpc': '1' } });
  await t.pageViews.flush();
});
afterAll(async () => t.close());

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/admin/analytics${url}`, headers });

describe('GET /api/admin/analytics', () => {
  it('is for admins only', async () => {
    expect((await get('', {})).statusCode).toBe(401);
    const editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
    expect((await get('', editor)).statusCode).toBe(403);
    expect((await get('/export', editor)).statusCode).toBe(403);
  });

  it.each([
    ['?from=2026-11-22&to=2026-11-21', 'from', 'From must not be after To'],
    ['?from=2025-01-01&to=2026-11-21', 'to', 'A report covers at most 366 days'],
    ['?from=21-11-2026', 'from', 'From must be a date (YYYY-MM-DD)'],
    ['?from=2026-11-22', 'from', 'From must not be after To'],
    ['?days=7', 'days', 'Unknown field "days" cannot be set'],
  ])('refuses %s', async (query, field, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it('covers the last 30 days by default, every day listed, today last', async () => {
    const { data } = (await get('')).json();
    expect(data.from).toBe('2026-10-23');
    expect(data.to).toBe('2026-11-21');
    expect(data.daily).toHaveLength(30);
    expect(data.daily.at(-1)).toEqual({ day: '2026-11-21', views: 3, visitors: 2, anonymousViews: 1 });
    expect(data.daily[0]).toEqual({ day: '2026-10-23', views: 0, visitors: 0, anonymousViews: 0 });
  });

  it('breaks page views down by page, referrer, place, device, browser and system', async () => {
    const res = await get('?from=2026-11-21&to=2026-11-21');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data.totals).toEqual({ views: 3, visitors: 2, anonymousViews: 1 });
    expect(data.breakdowns).toEqual({
      pages: [
        { value: '/topics', views: 2, visitors: 2 },
        { value: '/', views: 1, visitors: 1 },
      ],
      referrers: [
        { value: 'Direct', views: 1, visitors: 1 },
        { value: 'www.google.com', views: 1, visitors: 1 },
      ],
      countries: [{ value: null, views: 3, visitors: 2 }],
      cities: [{ value: null, views: 3, visitors: 2 }],
      devices: [
        { value: 'desktop', views: 2, visitors: 1 },
        { value: 'mobile', views: 1, visitors: 1 },
      ],
      browsers: [
        { value: 'Chrome', views: 2, visitors: 1 },
        { value: '=HYPERLINK("http://evil.example")', views: 1, visitors: 1 },
      ],
      os: [
        { value: 'Linux', views: 2, visitors: 1 },
        { value: 'Android', views: 1, visitors: 1 },
      ],
    });
  });

  it('exports the report as CSV, with browser-supplied values kept from running as formulas', async () => {
    const res = await get('/export?from=2026-11-20&to=2026-11-21');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="analytics-2026-11-20-to-2026-11-21.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['section,item,views,visitors,anonymous_views', 'daily,2026-11-20,0,0,0', 'daily,2026-11-21,3,2,1']);
    expect(lines).toContain('pages,/topics,2,2,');
    expect(lines).toContain('countries,(unknown),3,2,');
    expect(lines).toContain(`browsers,"'=HYPERLINK(""http://evil.example"")",1,1,`);
  });
});
