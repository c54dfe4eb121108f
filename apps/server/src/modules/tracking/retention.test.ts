import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, createTestDb, testClock, testConfig, type TestApp } from '../../../test/helpers.js';
import { browserRecord, clientRecord, track } from '../../../test/tracking.js';
import { firstKeptDay, rollUpExpiredPageViews } from './retention.js';

const DAY = 86_400_000;
const clock = testClock(Date.parse('2026-10-01T09:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { TRACKING_RETENTION_DAYS: '30' } });
});
afterAll(async () => t.close());

const MOBILE = { deviceType: 'mobile', osName: 'Android', browserName: 'Chrome', deviceVendor: 'Xiaomi' };

async function report(from: string, to: string) {
  const { auth } = await signedInUser(t.app, t.db, { role: 'admin' });
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/analytics?from=${from}&to=${to}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function rawRows(before: string) {
  return t.db.selectFrom('page_views').select(['day', 'ip', 'visitor_id']).where('day', '<', before).execute();
}

describe('retention of raw page views', () => {
  it('keeps the day that is exactly the retention period old, and nothing older', () => {
    expect(firstKeptDay(Date.parse('2026-11-05T00:30:00Z'), 30)).toBe('2026-10-06');
    expect(firstKeptDay(Date.parse('2026-11-05T23:59:00Z'), 30)).toBe('2026-10-06');
  });

  it('rolls old page views into daily aggregates, erases IPs and visitor ids, and reports the same figures', async () => {
    // 1 October: two visitors, one of them twice, and a Do Not Track view.
    await track(t.app, browserRecord({ visitorId: 'v1', path: '/' }));
    await track(t.app, browserRecord({ visitorId: 'v1', path: '/topics', referrer: 'http://localhost:80/' }));
    await track(t.app, browserRecord({ visitorId: 'v2', path: '/', referrer: 'https://www.google.com/', ...MOBILE }), { remoteAddress: '198.51.100.2' });
    await track(t.app, browserRecord({ visitorId: 'v9', path: '/private' }), { headers: { dnt: '1' } });
    // 2 October: the first visitor again.
    clock.advance(DAY);
    await track(t.app, browserRecord({ visitorId: 'v1', path: '/blogs' }));
    // 5 November: a new visitor; 1 and 2 October are now past the 30 days.
    clock.advance(34 * DAY);
    await track(t.app, browserRecord({ visitorId: 'v3', path: '/blogs', referrer: 'https://t.co/x' }));
    await t.pageViews.flush();

    const before = await report('2026-09-30', '2026-11-05');
    expect(before.totals).toEqual({ views: 5, visitors: 4, anonymousViews: 1 });
    expect(before.daily.find((d: { day: string }) => d.day === '2026-10-01')).toEqual({ day: '2026-10-01', views: 3, visitors: 2, anonymousViews: 1 });

    expect(await rollUpExpiredPageViews({ db: t.db, clock }, 30)).toBe(4);
    expect(await rawRows('2026-10-06')).toEqual([]);
    expect((await rawRows('2026-12-31')).map((r) => r.visitor_id)).toEqual(['v3']);

    const after = await report('2026-09-30', '2026-11-05');
    expect(after).toEqual(before);
    expect(after.breakdowns.pages).toEqual([
      { value: '/', views: 2, visitors: 2 },
      { value: '/blogs', views: 2, visitors: 2 },
      { value: '/topics', views: 1, visitors: 1 },
    ]);
    expect(after.breakdowns.referrers).toEqual([
      { value: 'Direct', views: 2, visitors: 2 },
      { value: 't.co', views: 1, visitors: 1 },
      { value: 'www.google.com', views: 1, visitors: 1 },
    ]);
    expect(after.breakdowns.devices).toEqual([
      { value: 'desktop', views: 4, visitors: 3 },
      { value: 'mobile', views: 1, visitors: 1 },
    ]);

    // A second run finds nothing left to roll up and changes nothing.
    expect(await rollUpExpiredPageViews({ db: t.db, clock }, 30)).toBe(0);
    expect(await report('2026-09-30', '2026-11-05')).toEqual(before);
  });

  it('reports a page view that came without its path as an unknown page, raw and rolled up alike', async () => {
    clock.advance(10 * DAY);
    const day = new Date(clock.now()).toISOString().slice(0, 10);
    await track(t.app, clientRecord());
    await track(t.app, browserRecord({ visitorId: 'v4', path: '/topics' }));
    await t.pageViews.flush();
    const before = await report(day, day);
    expect(before.breakdowns.pages).toEqual([
      { value: null, views: 1, visitors: 1 },
      { value: '/topics', views: 1, visitors: 1 },
    ]);
    expect(before.totals).toEqual({ views: 2, visitors: 2, anonymousViews: 0 });

    clock.advance(31 * DAY);
    expect(await rollUpExpiredPageViews({ db: t.db, clock }, 30)).toBe(3);
    expect(await report(day, day)).toEqual(before);
  });

  it('is done by the server itself when it starts (and hourly after), writing held page views on close first', async () => {
    const dbHandle = await createTestDb();
    const config = testConfig({ TRACKING_RETENTION_DAYS: '7' });
    const then = testClock(Date.parse('2026-01-01T12:00:00Z'));
    const before = await buildApp(config, { dbHandle, clock: then });
    await before.ready();
    await track(before, browserRecord({ path: '/old' }));
    await before.close();
    const rows = () => dbHandle.db.selectFrom('page_views').select('path').execute();
    expect(await rows()).toEqual([{ path: '/old' }]);

    const later = await buildApp(config, { dbHandle, clock: testClock(Date.parse('2026-01-20T12:00:00Z')) });
    await later.ready();
    try {
      await vi.waitFor(async () => expect(await rows()).toEqual([]));
      const stats = await dbHandle.db.selectFrom('page_view_stats').select(['dimension', 'day', 'value', 'views']).where('dimension', '=', 'page').execute();
      expect(stats).toEqual([{ dimension: 'page', day: '2026-01-01', value: '/old', views: 1 }]);
    } finally {
      await later.close();
      await dbHandle.dispose();
    }
  });
});
