import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { BODY_LIMIT_BYTES: '2048' },
    extraApiRoutes: (api) => {
      api.get('/test/explode', async () => {
        throw new Error('secret internal detail at /srv/app.ts:42');
      });
    },
  });
});
afterAll(async () => t.close());

const shape = (body: Record<string, unknown>) => Object.keys(body).filter((k) => k !== 'details').sort();

describe('one error shape everywhere', () => {
  it('answers an unknown /api route with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist' });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": "a@b.c",' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' });
  });

  it('answers a prototype-pollution body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","password":"x","__proto__":{"role":"admin"}}',
    });
    expect(res.statusCode).toBe(400);
    expect(shape(res.json())).toEqual(['code', 'message', 'statusCode']);
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MALFORMED_JSON');
  });

  it('answers an oversized body with 413 and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'x'.repeat(4000), email: 'big@example.com', password: 'long enough' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', 'big@example.com').execute();
    expect(rows).toHaveLength(0);
  });

  it('answers a body of another media type with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' });
  });

  it('answers an unexpected failure with a generic 500 and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers validation failures with field details', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/profile/update', headers: auth, payload: { pincode: 'abc', phone: 1 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(shape(body)).toEqual(['code', 'message', 'statusCode']);
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual(['phone', 'pincode']);
  });

  it('sends the security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('a bounded error answer', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await buildTestApp();
  });
  afterAll(async () => big.close());

  it('answers 6,000 unknown fields with at most 51 details and a small body', async () => {
    const { auth } = await signedInUser(big.app, big.db);
    const payload: Record<string, unknown> = { pincode: 'abc' };
    for (let i = 0; i < 6000; i += 1) payload[`k${i}`] = 1;
    expect(JSON.stringify(payload).length).toBeLessThan(big.config.http.bodyLimit);
    const res = await big.app.inject({ method: 'PUT', url: '/api/users/profile/update', headers: auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(8 * 1024);
    const body = res.json();
    expect(shape(body)).toEqual(['code', 'message', 'statusCode']);
    expect(body.details.length).toBeLessThanOrEqual(51);
    expect(body.details.at(-1)).toEqual({ field: '', message: `${6001 - 50} more problems were left out` });
    for (const detail of body.details) expect(Object.keys(detail).sort()).toEqual(['field', 'message']);
  });

  it('names an unknown key only up to a bounded length', async () => {
    const { auth } = await signedInUser(big.app, big.db);
    const payload = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`${i}`.padEnd(1000, 'x'), 1]));
    const res = await big.app.inject({ method: 'PUT', url: '/api/users/profile/update', headers: auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(16 * 1024);
    expect(res.json().details).toHaveLength(51);
  });
});
