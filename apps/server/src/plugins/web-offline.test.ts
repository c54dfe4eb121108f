import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

// The offline app's files as the web build writes them (docs/decisions/022).
const dist = mkdtempSync(join(tmpdir(), 'abhyas-web-offline-'));
let t: TestApp;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Abhyas</title></head><body><div id="root"></div></body></html>');
  const worker = `self.addEventListener("fetch", () => {}); // ${'x'.repeat(2000)}`;
  writeFileSync(join(dist, 'sw.js'), worker);
  // Written beside it by the build's precompress step: sent to a browser that takes Brotli.
  writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync(worker));
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Abhyas', start_url: '/', display: 'standalone' }));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets', 'exam-page-abc123.js'), 'export {};');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the offline app’s files', () => {
  it('serves the service worker and the web app manifest to be asked again on every use', async () => {
    for (const encoding of ['identity', 'br']) {
      const worker = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toContain('javascript');
      expect(worker.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(worker.headers['cache-control'], encoding).toBe('no-cache');
    }
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the other files’ caching: hashed files for a year, the rest for an hour', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/exam-page-abc123.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('lets the page register a worker and read a manifest of its own site only', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
