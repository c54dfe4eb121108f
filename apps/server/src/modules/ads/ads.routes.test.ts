import type { AdInput } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { png } from '../../../test/fixtures/images.js';
import { buildTestApp, testClock, testConfig, type TestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock(Date.parse('2026-11-21T06:00:00Z'));
let t: TestApp;
let admin: Record<string, string>;
let imageUrl: string;
let shade = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = (await signedInUser(t.app, t.db, { role: 'admin' })).auth;
  imageUrl = await uploadImage();
});
afterAll(async () => t.close());

async function uploadImage(): Promise<string> {
  shade += 1;
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/media', headers: { ...admin, 'content-type': 'image/png' }, payload: png(8, 2, shade) });
  return res.json().data.url;
}

const ad = (overrides: Partial<AdInput> = {}): AdInput => ({
  title: 'Weekend mock test',
  imageUrl,
  targetUrl: 'https://coaching.example/mock',
  targeting: { national: true },
  ...overrides,
});

const createAd = async (input: unknown, headers = admin) => t.app.inject({ method: 'POST', url: '/api/admin/ads', headers, payload: input as object });
async function created(input: AdInput): Promise<string> {
  const res = await createAd(input);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id;
}
const adsFor = (pincode: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/advertisements/getAdsbyLocation?pincode=${pincode}`, headers });
const titlesFor = async (pincode: string, headers: Record<string, string> = {}) => (await adsFor(pincode, headers)).json().data.map((a: { title: string }) => a.title);
const adCount = async () => (await t.db.selectFrom('ads').select('id').execute()).length;

describe('editors and admins manage ads', () => {
  it('is for editors and admins only', async () => {
    const before = await adCount();
    expect((await createAd(ad(), {})).statusCode).toBe(401);
    const candidate = (await signedInUser(t.app, t.db, { role: 'candidate' })).auth;
    expect((await createAd(ad(), candidate)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ads', headers: candidate })).statusCode).toBe(403);
    expect(await adCount()).toBe(before);
    const editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ads', headers: editor })).statusCode).toBe(200);
  });

  it('creates an ad with its targeting, tidied, and shows it with its counts', async () => {
    const res = await createAd(ad({ title: 'Koramangala batch', targeting: { national: false, pincodes: ['560034', ' 560034', '560095'], prefixes: ['56', '110'] }, weight: 3 }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      title: 'Koramangala batch',
      imageUrl,
      targetUrl: 'https://coaching.example/mock',
      targeting: { national: false, pincodes: ['560034', '560095'], prefixes: ['110', '56'] },
      weight: 3,
      startsAt: null,
      endsAt: null,
      active: true,
      state: 'live',
      impressions: 0,
      clicks: 0,
    });
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/ads/${data.id}`, headers: admin });
    expect(one.json().data).toEqual(data);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/ads', headers: admin });
    expect(list.json().data.find((a: { id: string }) => a.id === data.id)).toEqual(data);
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('replaces an ad and its targeting, keeping its counts', async () => {
    const id = await created(ad({ title: 'Before', targeting: { national: false, pincodes: ['400001'] } }));
    await t.app.inject({ method: 'POST', url: `/api/advertisements/${id}/click` });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/ads/${id}`,
      headers: admin,
      payload: ad({ title: 'After', targeting: { national: false, prefixes: ['4000'] }, active: false, startsAt: '2026-12-01T00:00:00+05:30', endsAt: '2026-12-31T00:00:00Z' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'After', targeting: { national: false, pincodes: [], prefixes: ['4000'] }, active: false, state: 'paused', clicks: 1, startsAt: '2026-11-30T18:30:00.000Z' });
    const missing = await t.app.inject({ method: 'PUT', url: '/api/admin/ads/no-such-ad', headers: admin, payload: ad() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Advertisement not found' });
  });

  it.each([
    ['an empty title', { title: '  ' }, 'title', 'Enter the title'],
    ['a script address as image', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Use an uploaded image (/media/…) or an https:// address'],
    ['an http image', { imageUrl: 'http://cdn.example/ad.png' }, 'imageUrl', 'Use an uploaded image (/media/…) or an https:// address'],
    ['an image never uploaded', { imageUrl: `/media/${'a'.repeat(32)}.png` }, 'imageUrl', 'No uploaded image has this address; upload the image again'],
    ['a script link', { targetUrl: 'javascript:alert(1)' }, 'targetUrl', 'Use an https:// address or a path on this site such as /topics'],
    ['a protocol-relative link', { targetUrl: '//evil.example' }, 'targetUrl', 'Use an https:// address or a path on this site such as /topics'],
    ['a link to another host by /\\', { targetUrl: '/\\evil.example/' }, 'targetUrl', 'Use an https:// address or a path on this site such as /topics'],
    ['a link with a backslash', { targetUrl: '/topics\\..\\x' }, 'targetUrl', 'Use an https:// address or a path on this site such as /topics'],
    ['a link with a control character', { targetUrl: '/topics\u0007' }, 'targetUrl', 'Use an https:// address or a path on this site such as /topics'],
    ['an http link', { targetUrl: 'http://coaching.example/' }, 'targetUrl', 'Use an https:// address or a path on this site such as /topics'],
    ['an image from another host by /\\', { imageUrl: '/\\evil.example/x.png' }, 'imageUrl', 'Use an uploaded image (/media/…) or an https:// address'],
    ['an https image with credentials', { imageUrl: 'https://user:pw@cdn.example/ad.png' }, 'imageUrl', 'Use an uploaded image (/media/…) or an https:// address'],
    ['national with places', { targeting: { national: true, pincodes: ['560034'] } }, 'targeting.national', 'A national ad has no PIN codes or prefixes; clear them or untick national'],
    ['no place and not national', { targeting: { national: false } }, 'targeting.pincodes', 'Give at least one PIN code or prefix, or make the ad national'],
    ['a PIN starting with 0', { targeting: { national: false, pincodes: ['012345'] } }, 'targeting.pincodes.0', 'A PIN code has 6 digits and does not start with 0'],
    ['a six-digit prefix', { targeting: { national: false, prefixes: ['560034'] } }, 'targeting.prefixes.0', 'A PIN prefix is 1 to 5 digits and does not start with 0'],
    ['too many places', { targeting: { national: false, pincodes: Array.from({ length: 201 }, (_, i) => String(100000 + i)) } }, 'targeting.pincodes', 'At most 200 PIN codes and prefixes together'],
    ['a weight of 0', { weight: 0 }, 'weight', 'Weight must be between 1 and 100'],
    ['a fractional weight', { weight: 1.5 }, 'weight', 'Weight must be a whole number'],
    ['an end before the start', { startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'endsAt', 'The end must come after the start'],
    ['a date that is not ISO', { startsAt: 'next Monday' }, 'startsAt', 'Start must be a date and time (ISO 8601)'],
    ['a field it does not have', { impressions: 1000 }, 'impressions', 'Unknown field "impressions" cannot be set'],
  ])('refuses %s with 400 and writes nothing', async (_name, patch, field, message) => {
    const before = await adCount();
    const res = await createAd({ ...ad(), ...patch });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details: [{ field, message }] });
    expect(await adCount()).toBe(before);
  });

  it('refuses a body that is not an ad object', async () => {
    for (const payload of ['[]', '"ad"', '{"title":']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/ads', headers: { ...admin, 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(['VALIDATION_FAILED', 'MALFORMED_JSON']).toContain(res.json().code);
    }
  });

  it('tells live ads from scheduled, ended and paused ones', async () => {
    const now = clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const states = await Promise.all([
      createAd(ad({ title: 'Scheduled', startsAt: iso(now + DAY) })),
      createAd(ad({ title: 'Ended', startsAt: iso(now - 2 * DAY), endsAt: iso(now - DAY) })),
      createAd(ad({ title: 'Paused', active: false })),
      createAd(ad({ title: 'Running', startsAt: iso(now - DAY), endsAt: iso(now + DAY) })),
    ]);
    expect(states.map((r) => r.json().data.state)).toEqual(['scheduled', 'ended', 'paused', 'live']);
  });
});

describe('GET /api/advertisements/getAdsbyLocation', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await buildTestApp({ clock });
  });
  afterAll(async () => other.close());

  it('answers an empty list when there are no ads', async () => {
    const res = await other.app.inject({ method: 'GET', url: '/api/advertisements/getAdsbyLocation?pincode=560034' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  // Each test below uses PIN codes of its own region, so none sees another's targeted ads.
  it('lists the most specific targeting first, and no national ad while a targeted one fits', async () => {
    await created(ad({ title: 'Assam', targeting: { national: false, prefixes: ['78'] }, weight: 100 }));
    await created(ad({ title: 'Exact PIN', targeting: { national: false, pincodes: ['781001'] } }));
    await created(ad({ title: 'Sorting district', targeting: { national: false, prefixes: ['7810', '78'] }, weight: 5 }));
    await created(ad({ title: 'Elsewhere', targeting: { national: false, pincodes: ['781002'], prefixes: ['77'] } }));
    await created(ad({ title: 'All India' }));
    const res = await adsFor('781001');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { title: string }) => a.title)).toEqual(['Exact PIN', 'Sorting district', 'Assam']);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['id', 'imageUrl', 'targetUrl', 'title', 'weight']);
    expect(await titlesFor('782000')).toEqual(['Assam', 'Sorting district']);
  });

  it('falls back to national ads, heaviest first, where nothing targets the place', async () => {
    await created(ad({ title: 'Bihar', targeting: { national: false, prefixes: ['84'] } }));
    await created(ad({ title: 'National light', weight: 1 }));
    await created(ad({ title: 'National heavy', weight: 90 }));
    const titles = await titlesFor('851001');
    const national = new Set((await t.db.selectFrom('ads').select('title').where('national', '=', 1).execute()).map((r) => r.title));
    expect(titles.length).toBeGreaterThanOrEqual(2);
    expect(titles.every((title: string) => national.has(title))).toBe(true);
    expect(titles[0]).toBe('National heavy');
    expect(titles).toContain('National light');
  });

  it('shows only active ads inside their window', async () => {
    const now = clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const place = { national: false, pincodes: ['682001'] };
    await created(ad({ title: 'Kochi paused', targeting: place, active: false }));
    await created(ad({ title: 'Kochi later', targeting: place, startsAt: iso(now + DAY) }));
    await created(ad({ title: 'Kochi over', targeting: place, endsAt: iso(now - 1) }));
    await created(ad({ title: 'Kochi now', targeting: place, startsAt: iso(now), endsAt: iso(now + DAY) }));
    expect(await titlesFor('682001')).toEqual(['Kochi now']);
    clock.advance(DAY);
    expect(await titlesFor('682001')).toEqual(['Kochi later']);
  });

  it('gives a signed-in candidate under 18 national ads only; an adult or a bad token the targeted ones', async () => {
    await created(ad({ title: 'Pune coaching', targeting: { national: false, pincodes: ['411001'] } }));
    const today = new Date(clock.now());
    const birthday = (years: number) => `${today.getUTCFullYear() - years}-${String(today.getUTCMonth() + 1).padStart(2, '0')}-${String(today.getUTCDate()).padStart(2, '0')}`;
    const minor = (await signedInUser(t.app, t.db, { date_of_birth: `${today.getUTCFullYear() - 17}-01-01` })).auth;
    const adult = (await signedInUser(t.app, t.db, { date_of_birth: birthday(18) })).auth;
    const minorTitles = await titlesFor('411001', minor);
    expect(minorTitles).not.toContain('Pune coaching');
    expect(minorTitles).toContain('All India');
    expect(await titlesFor('411001', adult)).toEqual(['Pune coaching']);
    expect(await titlesFor('411001', { authorization: 'Bearer not-a-token' })).toEqual(['Pune coaching']);
    expect((await adsFor('411001', minor)).headers['cache-control']).toBe('private, max-age=60');
  });

  it('gives the national ads to a visitor whose place is unknown (no pincode)', async () => {
    await created(ad({ title: 'Goa only', targeting: { national: false, pincodes: ['403001'] } }));
    const res = await t.app.inject({ method: 'GET', url: '/api/advertisements/getAdsbyLocation' });
    expect(res.statusCode).toBe(200);
    const national = new Set((await t.db.selectFrom('ads').select('title').where('national', '=', 1).execute()).map((r) => r.title));
    const titles = res.json().data.map((a: { title: string }) => a.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((title: string) => national.has(title))).toBe(true);
  });

  it('shows an ad written through another process at once, though lists are kept in memory', async () => {
    const second = await buildApp(testConfig(), { dbHandle: t.dbHandle, clock });
    try {
      await second.ready();
      const id = await created(ad({ title: 'Jaipur batch', targeting: { national: false, pincodes: ['302001'] } }));
      expect(await titlesFor('302001')).toEqual(['Jaipur batch']);
      const moved = await second.inject({ method: 'PUT', url: `/api/admin/ads/${id}`, headers: admin, payload: ad({ title: 'Jaipur batch', targeting: { national: false, pincodes: ['302002'] } }) });
      expect(moved.statusCode).toBe(200);
      expect(await titlesFor('302001')).not.toContain('Jaipur batch');
      expect(await titlesFor('302002')).toEqual(['Jaipur batch']);
    } finally {
      await second.close();
    }
  });

  it.each([
    ['five digits', 'pincode=56003'],
    ['seven digits', 'pincode=5600341'],
    ['a leading zero', 'pincode=012345'],
    ['letters', 'pincode=56oo34'],
    ['SQL', "pincode=560034'%20OR%201=1--"],
    ['nothing', 'pincode='],
    ['two values', 'pincode=560034&pincode=110001'],
  ])('refuses a pincode of %s with 400', async (_name, query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/advertisements/getAdsbyLocation?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(res.json().message).toMatch(/^pincode: /);
  });
});

describe('impressions and clicks', () => {
  it('counts every report, however many arrive at once', async () => {
    const id = await created(ad({ title: 'Counted' }));
    const reports = await Promise.all([
      ...Array.from({ length: 40 }, () => t.app.inject({ method: 'POST', url: `/api/advertisements/${id}/impression` })),
      ...Array.from({ length: 7 }, () => t.app.inject({ method: 'POST', url: `/api/advertisements/${id}/click` })),
    ]);
    expect(new Set(reports.map((r) => r.statusCode))).toEqual(new Set([204]));
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/ads/${id}`, headers: admin });
    expect(res.json().data).toMatchObject({ impressions: 40, clicks: 7 });
    // Counted per UTC day: another day adds to the same totals.
    clock.advance(DAY);
    await t.app.inject({ method: 'POST', url: `/api/advertisements/${id}/impression` });
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/ads/${id}`, headers: admin })).json().data.impressions).toBe(41);
    expect(await t.db.selectFrom('ad_stats').select('day').where('ad_id', '=', id).execute()).toHaveLength(2);
  });

  it('answers 404 for an unknown ad and 400 for an absurd id, writing nothing', async () => {
    const before = await t.db.selectFrom('ad_stats').select('ad_id').execute();
    const unknown = await t.app.inject({ method: 'POST', url: '/api/advertisements/0192a3b4-0000-7000-8000-000000000000/click' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Advertisement not found' });
    const long = await t.app.inject({ method: 'POST', url: `/api/advertisements/${'x'.repeat(100)}/impression` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'id: Id is too long' });
    expect(await t.db.selectFrom('ad_stats').select('ad_id').execute()).toEqual(before);
  });
});
