import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers.js';

/** One app whose per-address limit on the sign-in routes is 3 a minute. */
async function withLimitOf3<T>(env: Record<string, string>, run: (app: Awaited<ReturnType<typeof buildTestApp>>['app']) => Promise<T>): Promise<T> {
  const t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', ...env } });
  try {
    return await run(t.app);
  } finally {
    await t.close();
  }
}

let n = 0;
const fresh = () => ({ name: 'Limit Test', email: `limit${(n += 1)}.${Date.now()}@example.com`, password: 'long enough' });

describe('per-address limits', () => {
  it('limit registration: an address that tries many emails, taken or not, gets 429 past the limit', () =>
    withLimitOf3({}, async (app) => {
      const taken = fresh();
      const codes: number[] = [];
      for (const payload of [taken, taken, fresh(), fresh(), taken]) {
        codes.push((await app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: '10.7.0.1' })).statusCode);
      }
      expect(codes).toEqual([201, 409, 201, 429, 429]);
      const other = await app.inject({ method: 'POST', url: '/api/auth/register', payload: taken, remoteAddress: '10.7.0.2' });
      expect(other.statusCode).toBe(409);
      expect(other.json().code).toBe('EMAIL_TAKEN');
    }));

  it('limit requests for a reset link', () =>
    withLimitOf3({}, async (app) => {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        codes.push((await app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: `who${i}@example.com` }, remoteAddress: '10.7.1.1' })).statusCode);
      }
      expect(codes).toEqual([202, 202, 202, 429, 429]);
    }));

  it('hold behind a proxy named by hop count: a client rotating X-Forwarded-For stays one address', () =>
    withLimitOf3({ TRUST_PROXY: '1' }, async (app) => {
      // The proxy (10.0.0.2) appends the address it saw; whatever the client wrote comes before it.
      const through = (claimed: string, client: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@example.com', password: 'whatever1' },
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${claimed}, ${client}` },
        });
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) codes.push((await through(`198.51.100.${i}, 192.0.2.${i}`, '203.0.113.50')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
      expect((await through('198.51.100.1', '203.0.113.51')).statusCode).toBe(401);
    }));

  it('hold behind a proxy named by address', () =>
    withLimitOf3({ TRUST_PROXY: '10.0.0.2' }, async (app) => {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@example.com', password: 'whatever1' },
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.60` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    }));
});
