import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

const dist = mkdtempSync(join(tmpdir(), 'abhyas-web-'));
// Above the compression threshold, as the built page is.
const INDEX = `<!doctype html><html><head><title>Abhyas</title><!-- ${'x'.repeat(1200)} --></head><body><div id="root"></div></body></html>`;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  const js = `console.log(${JSON.stringify('x'.repeat(3000))});`;
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), js);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(js));
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app and its fallback', () => {
  it.each(['/', '/login', '/profile', '/some/deep/page?x=1'])('serves index.html for the page route %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000${url.split('?')[0]}" />`);
  });

  it('sends a page compressed to a browser that takes it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tests', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root"></div>');
    const gzip = await t.app.inject({ method: 'GET', url: '/tests', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root"></div>');
    const plain = await t.app.inject({ method: 'GET', url: '/tests', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root"></div>');
  });

  it("answers the original client's paths with JSON, never the web app", async () => {
    for (const [method, url] of [['POST', '/topics/all'], ['GET', '/public/allblogs'], ['GET', '/api/topics/all']] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });

  it('serves hashed assets pre-compressed with long-lived caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/public/allblogs-missing'],
    ['GET', '/assets/missing-file.js'],
    ['DELETE', '/login'],
  ])('never answers %s %s with the web app', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
