import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const unavailable = (message: string) => ({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message });

describe('GET /api/health (liveness)', () => {
  it('answers 200 from the process alone, the database down or not', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok', version: '1.23', redis: { status: 'off', outages: 0, fallbacks: 0 } });
    await t.dbHandle.close();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('GET /api/health/ready (readiness)', () => {
  it('reports the database, and Redis as off without REDIS_URL', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'ok',
      version: '1.23',
      database: { dialect: process.env.TEST_DIALECT, status: 'ok', latencyMs: expect.any(Number) },
      redis: { status: 'off', latencyMs: null },
    });
  });

  it('answers 503 with Retry-After when the database is unreachable', async () => {
    t = await buildTestApp();
    await t.dbHandle.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready', headers: { 'accept-language': 'hi' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(unavailable('डेटाबेस से संपर्क नहीं हो पा रहा है'));
  });

  it('fails from the drain on, while liveness and every other route still answer, each with Connection: close', async () => {
    t = await buildTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).headers.connection).toBe('keep-alive');
    t.app.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual(unavailable('The server is shutting down. Please try again in a moment.'));
    for (const url of ['/api/health', '/api/tests', '/api/openapi.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers.connection]).toEqual([url, 200, 'close']);
    }
  });

  it('is in the OpenAPI document beside liveness', async () => {
    t = await buildTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/health', '/api/health/ready']) {
      expect(doc.paths[path].get.tags).toEqual(['Health']);
      expect(Object.keys(doc.paths[path].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
    }
  });
});
