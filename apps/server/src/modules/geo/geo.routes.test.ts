import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGeocoderStub } from '../../../test/geocoder-stub.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { GEO_CACHE_TTL_MS, waitForUpstreamSlot } from './geo.service.js';

let stub: Awaited<ReturnType<typeof startGeocoderStub>>;
let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  stub = await startGeocoderStub();
  t = await buildTestApp({ clock, env: { GEOCODER_URL: stub.url, PUBLIC_URL: 'https://abhyas.example' } });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});
beforeEach(() => stub.setMode('ok'));

const reverse = (query: string) => t.app.inject({ method: 'GET', url: `/api/geo/reverse?${query}` });
const cachedKeys = async () => (await t.db.selectFrom('geo_cache').select('key').orderBy('key').execute()).map((r) => r.key);

describe('GET /api/geo/reverse', () => {
  it('answers the address parts and the text built from them, asking the service as its policy requires', async () => {
    const res = await reverse('lat=12.93521&lon=77.62463');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ suburb: 'Koramangala', city: 'Bengaluru', postcode: '560034', text: 'Koramangala, Bengaluru 560034' });
    const sent = stub.requests.at(-1)!;
    expect(sent.query.get('format')).toBe('json');
    // Rounded to about 110 m before leaving the server: the precise position is never sent.
    expect([sent.query.get('lat'), sent.query.get('lon')]).toEqual(['12.935', '77.625']);
    expect(sent.headers['user-agent']).toBe('Abhyas/1.23 (+https://abhyas.example)');
  });

  it('reuses the answer for rounded coordinates for 24 hours, storing only the rounded position', async () => {
    await reverse('lat=28.6315&lon=77.2167');
    const before = stub.requests.length;
    const again = await reverse('lat=28.6318&lon=77.2171');
    expect(again.json()).toEqual({ suburb: 'Connaught Place', city: 'New Delhi', postcode: '110001', text: 'Connaught Place, New Delhi 110001' });
    expect(stub.requests.length).toBe(before);
    expect(await cachedKeys()).toContain('28.632,77.217');
    expect((await cachedKeys()).some((k) => k.includes('28.6315'))).toBe(false);

    clock.advance(GEO_CACHE_TTL_MS + 1);
    expect((await reverse('lat=28.6315&lon=77.2167')).statusCode).toBe(200);
    expect(stub.requests.length).toBe(before + 1);
  });

  it('answers 404 where the service knows no address, and remembers that too', async () => {
    const res = await reverse('lat=-40.5&lon=-120.25');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'No address is known at this position' });
    const before = stub.requests.length;
    expect((await reverse('lat=-40.5&lon=-120.25')).statusCode).toBe(404);
    expect(stub.requests.length).toBe(before);
  });

  it.each([
    ['an error status', 'http-500', 'The location service answered with an error (HTTP 500). Try again later.'],
    ['an answer that is not JSON', 'garbage', 'The location service sent an answer that could not be read. Try again later.'],
    ['JSON of the wrong shape', 'wrong-shape', 'The location service sent an answer that could not be read. Try again later.'],
  ] as const)('answers 502 for %s, keeping nothing', async (_name, mode, message) => {
    stub.setMode(mode);
    const keys = await cachedKeys();
    const res = await reverse('lat=19.076&lon=72.8777');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ statusCode: 502, code: 'BAD_GATEWAY', message });
    expect(await cachedKeys()).toEqual(keys);
  });

  it('answers 502 when the service cannot be reached', async () => {
    const dead = await startGeocoderStub();
    await dead.close();
    const other = await buildTestApp({ env: { GEOCODER_URL: dead.url } });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/geo/reverse?lat=12.9352&lon=77.6245' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ statusCode: 502, code: 'BAD_GATEWAY', message: 'The location service could not be reached. Try again later.' });
    } finally {
      await other.close();
    }
  });

  it.each([
    ['lat=91&lon=77', 'lat: lat must be between -90 and 90'],
    ['lat=12&lon=-180.5', 'lon: lon must be between -180 and 180'],
    ['lat=abc&lon=77', 'lat: lat must be a decimal number such as 12.935'],
    ['lat=1e2&lon=77', 'lat: lat must be a decimal number such as 12.935'],
    ['lat=&lon=77', 'lat: lat must be a decimal number such as 12.935'],
    ['lat=0x10&lon=77', 'lat: lat must be a decimal number such as 12.935'],
    ['lon=77', 'lat: lat is required'],
    ['lat=12&lat=13&lon=77', 'lat: lat is required'],
    ['lat=12&lon=77&zoom=3', 'zoom: Unknown field "zoom" cannot be set'],
  ])('refuses %s with 400 and never asks the service', async (query, message) => {
    const before = stub.requests.length;
    const res = await reverse(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message });
    expect(stub.requests.length).toBe(before);
  });
});

describe('the one-request-a-second limit', () => {
  const gaps = (from: number) => stub.requests.slice(from).map((r, i, all) => (i === 0 ? Infinity : r.at - all[i - 1]!.at));

  it('spaces lookups of different places a second apart, and asks once for many lookups of one place', async () => {
    const from = stub.requests.length;
    const [a, b, c, ...same] = await Promise.all([
      reverse('lat=1.001&lon=1.001'),
      reverse('lat=2.002&lon=2.002'),
      reverse('lat=3.003&lon=3.003'),
      ...Array.from({ length: 5 }, () => reverse('lat=12.9352&lon=77.6246')),
    ]);
    expect([a, b, c].map((r) => r!.statusCode)).toEqual([404, 404, 404]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(stub.requests.length - from).toBeLessThanOrEqual(4);
    for (const gap of gaps(from)) expect(gap).toBeGreaterThanOrEqual(950);
  });

  it('holds across two server processes sharing the database', async () => {
    // A second app on the same database, as a second server process would run.
    const other = await buildApp(t.config, { dbHandle: t.dbHandle });
    await other.ready();
    try {
      const from = stub.requests.length;
      const answers = await Promise.all([
        reverse('lat=4.004&lon=4.004'),
        other.inject({ method: 'GET', url: '/api/geo/reverse?lat=5.005&lon=5.005' }),
        reverse('lat=6.006&lon=6.006'),
        other.inject({ method: 'GET', url: '/api/geo/reverse?lat=7.007&lon=7.007' }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
      expect(stub.requests.length - from).toBe(4);
      for (const gap of gaps(from)) expect(gap).toBeGreaterThanOrEqual(950);
    } finally {
      await other.close();
    }
  });

  it('refuses with 503 a lookup that would wait too long for its turn', async () => {
    await waitForUpstreamSlot(t.db);
    await expect(waitForUpstreamSlot(t.db, { maxWaitMs: 100 })).rejects.toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', headers: { 'retry-after': '2' } });
  });
});
