import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { rawRequest } from '../../test/raw-http.js';
import { securityHeaders } from './security.js';

const dist = mkdtempSync(join(tmpdir(), 'abhyas-security-'));
let t: TestApp;
beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Abhyas</title></head><body><div id="root"></div></body></html>');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The headers every answer must carry, whatever path produced it. */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  const policy = String(headers['permissions-policy']);
  for (const feature of ['camera=()', 'microphone=()', 'payment=()', 'browsing-topics=()', 'geolocation=(self)']) expect(policy).toContain(feature);
}

describe('the content security policy and payments', () => {
  it('lets Razorpay Checkout load its script and open its frames only where Razorpay takes the payments', () => {
    const plain = securityHeaders({ production: true })['content-security-policy']!;
    expect(plain).not.toContain('razorpay');
    expect(plain).not.toContain('frame-src');
    const checkout = securityHeaders({ production: true, razorpayCheckout: true })['content-security-policy']!;
    expect(checkout).toContain("script-src 'self' https://checkout.razorpay.com;");
    expect(checkout).toContain("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com;");
    expect(checkout).toContain("object-src 'none'");
  });
});

describe('security headers on every answer', () => {
  it.each([
    ['a page', '/topics', 200],
    ['an API answer', '/api/health', 200],
    ['a not-found answer', '/api/nothing-here', 404],
  ])('sends them with %s', async (_what, url, status) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expectSecurityHeaders(res.headers);
  });

  it('answers a malformed percent-encoding in the address with 400 in the error shape', async () => {
    for (const url of ['/%zz', '/api/blogs/%zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expectSecurityHeaders(res.headers);
    }
  });

  it('answers an over-long path segment with 414 in the error shape, without echoing it', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/topics/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ statusCode: 414, code: 'URI_TOO_LONG', message: 'The address is too long' });
    expectSecurityHeaders(res.headers);
  });

  it('answers an address too long for the HTTP parser with 414 in the error shape', async () => {
    const res = await rawRequest(t.app, `GET /${'a'.repeat(100_000)} HTTP/1.1`);
    expect(res.statusCode).toBe(414);
    expect(JSON.parse(res.body)).toEqual({ statusCode: 414, code: 'URI_TOO_LONG', message: 'The address is too long' });
    expectSecurityHeaders(res.headers);
  });

  it('answers headers too large for the HTTP parser with 431 in the error shape', async () => {
    const res = await rawRequest(t.app, 'GET /api/health HTTP/1.1', { 'x-filler': 'a'.repeat(100_000) });
    expect(res.statusCode).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ statusCode: 431, code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' });
    expectSecurityHeaders(res.headers);
  });

  it('answers an unreadable request with 400 in the error shape', async () => {
    const res = await rawRequest(t.app, 'GET /api/health HTTP/1.1', { 'bad header': 'x' });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'The request could not be read' });
    expectSecurityHeaders(res.headers);
  });
});
