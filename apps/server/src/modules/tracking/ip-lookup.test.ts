import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { browserRecord, storedViews, track, VISITOR_IP } from '../../../test/tracking.js';
import { createIpLookup, isPublicAddress } from './ip-lookup.js';

// A local stand-in for the third-party IP-lookup service: the only thing these tests stub.
let stub: Server;
let stubUrl: string;
let asked: string[] = [];
const answers = new Map<string, { status: number; body: string; delayMs?: number }>();

beforeAll(async () => {
  stub = createServer((req, res) => {
    const ip = decodeURIComponent(req.url!.split('/')[1] ?? '');
    asked.push(ip);
    const answer = answers.get(ip) ?? { status: 404, body: '{"error":true}' };
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/{ip}/json`;
});
afterAll(async () => new Promise((resolve) => stub.close(resolve)));
beforeEach(() => {
  asked = [];
  answers.clear();
});

const PUNE = {
  ip: VISITOR_IP,
  city: 'Pune',
  region: 'Maharashtra',
  country_name: 'India',
  org: 'AS9829 National Internet Backbone',
  security: { vpn: false },
};

describe('the IP-lookup adapter', () => {
  it('reads the fields the original client reads from the answer and asks once per address', async () => {
    answers.set(VISITOR_IP, { status: 200, body: JSON.stringify(PUNE) });
    const lookup = createIpLookup({ urlTemplate: stubUrl, timeoutMs: 1000 });
    const [first, second] = await Promise.all([lookup(VISITOR_IP), lookup(VISITOR_IP)]);
    const third = await lookup(VISITOR_IP);
    const place = { city: 'Pune', region: 'Maharashtra', country: 'India', org: 'AS9829 National Internet Backbone', isVpn: false };
    expect([first, second, third]).toEqual([place, place, place]);
    expect(asked).toEqual([VISITOR_IP]);
  });

  it('keeps the usable fields of an odd answer and bounds their length', async () => {
    answers.set(VISITOR_IP, { status: 200, body: JSON.stringify({ city: 42, region: ' Goa ', country_name: 'I'.repeat(500), org: null, security: 'yes' }) });
    const place = await createIpLookup({ urlTemplate: stubUrl, timeoutMs: 1000 })(VISITOR_IP);
    expect(place).toEqual({ city: null, region: 'Goa', country: 'I'.repeat(100), org: null, isVpn: null });
  });

  it.each([
    ['an error status', { status: 500, body: '{}' }],
    ['a body that is not JSON', { status: 200, body: '<html>' }],
    ['an answer too slow', { status: 200, body: JSON.stringify(PUNE), delayMs: 500 }],
    ['an answer too large', { status: 200, body: JSON.stringify({ ...PUNE, padding: 'x'.repeat(100_000) }) }],
  ])('gives no place for %s, and does not ask again at once', async (_label, answer) => {
    answers.set(VISITOR_IP, answer);
    const lookup = createIpLookup({ urlTemplate: stubUrl, timeoutMs: 100 });
    expect(await lookup(VISITOR_IP)).toBeNull();
    expect(await lookup(VISITOR_IP)).toBeNull();
    expect(asked).toEqual([VISITOR_IP]);
  });

  it('never asks about private, loopback or malformed addresses', async () => {
    const lookup = createIpLookup({ urlTemplate: stubUrl, timeoutMs: 1000 });
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.10', '172.20.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:192.168.0.1', 'not-an-ip']) {
      expect(isPublicAddress(ip), ip).toBe(false);
      expect(await lookup(ip)).toBeNull();
    }
    expect(asked).toEqual([]);
    expect(['203.0.113.7', '2001:db8::1', '::ffff:203.0.113.7'].every(isPublicAddress)).toBe(true);
  });
});

describe('page views with IP lookup on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { IP_LOOKUP_URL: stubUrl, IP_LOOKUP_TIMEOUT: '1s' } });
  });
  afterAll(async () => t.close());

  it("stores the place of the connection's address, looked up once, and nothing for an unknown one", async () => {
    answers.set(VISITOR_IP, { status: 200, body: JSON.stringify({ ...PUNE, security: { vpn: true } }) });
    await track(t.app, browserRecord({ path: '/one', city: 'Claimed' }));
    await track(t.app, browserRecord({ path: '/two' }));
    await track(t.app, browserRecord({ path: '/unknown' }), { remoteAddress: '198.51.100.44' });
    await track(t.app, browserRecord({ path: '/local' }), { remoteAddress: '127.0.0.1' });
    await t.pageViews.flush();
    const rows = await storedViews(t.db);
    expect(rows.map((r) => [r.path, r.city, r.region, r.country, r.org, r.is_vpn])).toEqual([
      ['/one', 'Pune', 'Maharashtra', 'India', 'AS9829 National Internet Backbone', 1],
      ['/two', 'Pune', 'Maharashtra', 'India', 'AS9829 National Internet Backbone', 1],
      ['/unknown', null, null, null, null, null],
      ['/local', null, null, null, null, null],
    ]);
    expect(asked.sort()).toEqual(['198.51.100.44', VISITOR_IP]);
  });
});
