import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEVICE_HEADER } from '@abhyas/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

type Operation = {
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
};
type Doc = { openapi: string; info: { version: string }; servers?: unknown; tags: { name: string }[]; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** What the document leaves out on purpose: its own reference page and itself, and files. */
const HIDDEN = /^\/api\/docs(\/|$)|^\/api\/openapi\.json$|^\/assets\/|^\/index\.html$|^\/metrics$/;
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const keysOf = (schema: unknown) => Object.keys((z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }).properties ?? {}) as object).sort();
const documented = (routes: RouteOptions[]) => routes.filter((r) => r.method !== 'HEAD' && !(r.schema as { hide?: boolean } | undefined)?.hide);

/** Every disagreement between the route table and the document; empty when the document is complete. */
function documentProblems(doc: Doc, routes: RouteOptions[]): string[] {
  const problems: string[] = [];
  const tagNames = new Set(doc.tags.map((t) => t.name));
  for (const route of documented(routes)) {
    for (const method of [route.method].flat()) {
      const name = `${method} ${route.url}`;
      const op = doc.paths[openapiPath(route.url)]?.[method.toLowerCase()];
      if (!op) {
        problems.push(`${name}: not in the document`);
        continue;
      }
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const params = (where: string) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name).sort();
      if (schema.params && params('path').join() !== keysOf(schema.params).join()) problems.push(`${name}: path parameters differ`);
      if (schema.querystring && params('query').join() !== keysOf(schema.querystring).join()) problems.push(`${name}: query parameters differ`);
      if (schema.body && !op.requestBody?.content['application/json']?.schema) problems.push(`${name}: no request body schema`);
      if (schema.consumes && Object.keys(op.requestBody?.content ?? {}).join() !== (schema.consumes as string[]).join()) problems.push(`${name}: request body types differ`);
      const successes = Object.keys((schema.response ?? {}) as object).filter((s) => /^[23]\d\d$/.test(s));
      // A form post succeeds with 303 See Other (the test checkout's buttons); everything else with a 2xx.
      if (!successes.some((s) => s.startsWith('2') || s === '303')) problems.push(`${name}: no response schema for its success answer`);
      for (const status of successes) {
        const answer = op.responses[status];
        if (!answer) problems.push(`${name}: answer ${status} missing`);
        else if (!['204', '304'].includes(status) && !Object.values(answer.content ?? {}).every((c) => c.schema)) problems.push(`${name}: answer ${status} has no schema`);
      }
      if (Object.values(op.responses).some((r) => r.description === 'Default Response')) problems.push(`${name}: an answer without a description`);
      if (!op.tags?.length || !op.tags.every((t) => tagNames.has(t))) problems.push(`${name}: no module tag`);

      const signIn = op.security?.some((s) => 'bearer' in s) ? (op.security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'required') : 'none';
      const expected = ['500', '503'];
      if (schema.params || schema.querystring || schema.body || BODY_METHODS.includes(method)) expected.push('400');
      if (signIn === 'required') expected.push('401');
      if (route.url.includes('/:')) expected.push('404');
      if (BODY_METHODS.includes(method)) expected.push('413', '415');
      if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) expected.push('429');
      for (const status of expected) {
        const answer = op.responses[status];
        const errorSchema = answer?.content?.['application/json']?.schema as { $ref?: string } | undefined;
        if (errorSchema?.$ref !== '#/components/schemas/Error') problems.push(`${name}: error answer ${status} missing or not the error shape`);
      }
    }
  }
  const known = new Set(documented(routes).flatMap((r) => [r.method].flat().map((m) => `${m.toLowerCase()} ${openapiPath(r.url)}`)));
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of Object.keys(ops)) if (!known.has(`${method} ${path}`)) problems.push(`${method} ${path}: documented but not served`);
  }
  return problems;
}

const dist = mkdtempSync(join(tmpdir(), 'abhyas-web-'));
const routes: RouteOptions[] = [];
let t: TestApp;
let doc: Doc;

/** Every operation of the document; signing out revokes the caller's token, so it comes last. */
const operations = () =>
  Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase() as 'GET', op })))
    .sort((a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Abhyas</title></head><body></body></html>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
  // With the metrics on, so that their route is in the table and shown to stay out of the document.
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist, METRICS_TOKEN: 'metrics-token-0123456789' }, onRoute: (route) => void routes.push(route) });
  doc = (await t.app.inject('/api/openapi.json')).json<Doc>();
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the API document', () => {
  it('is a valid OpenAPI 3.1 document with the server’s version, served to anyone', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(doc.openapi).toBe('3.1.0');
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(doc.info.version).toBe(version);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('documents every route with its request schemas, success and error answers, and nothing else', () => {
    expect(documented(routes).length).toBeGreaterThan(40);
    expect(documentProblems(doc, routes)).toEqual([]);
  });

  it('fails for a route added without a response schema', async () => {
    const extra: RouteOptions[] = [];
    const other = await buildTestApp({
      onRoute: (route) => void extra.push(route),
      extraApiRoutes: (api) => api.get('/undocumented', async () => ({ ok: true })),
    });
    try {
      const otherDoc = (await other.app.inject('/api/openapi.json')).json<Doc>();
      expect(documentProblems(otherDoc, extra)).toEqual(['GET /api/undocumented: no response schema for its success answer', 'GET /api/undocumented: no module tag']);
    } finally {
      await other.close();
    }
  });

  it('leaves out only the reference page, the document itself, static files and the metrics', () => {
    const hidden = routes.filter((r) => r.method !== 'HEAD' && (r.schema as { hide?: boolean } | undefined)?.hide).map((r) => r.url);
    expect(hidden).toEqual(expect.arrayContaining(['/api/docs', '/api/openapi.json', '/assets/app-abc123.js', '/index.html', '/metrics']));
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(hidden.filter((url) => !HIDDEN.test(url))).toEqual([]);
    expect(documented(routes).filter((r) => HIDDEN.test(r.url)).map((r) => r.url)).toEqual([]);
    // No vendor extension keys ("x-…"); the X-Device-Id header and Razorpay's webhook headers are parameters like any other.
    const headerParameters = [DEVICE_HEADER, 'x-razorpay-signature', 'x-razorpay-event-id'];
    expect(headerParameters.reduce((text, name) => text.replaceAll(`"${name}"`, ''), JSON.stringify(doc))).not.toMatch(/errorStatuses|"x-|localhost/);
    expect(doc.servers).toBeUndefined();
  });

  it('describes the public answers that are not JSON, and the request bodies that are not only JSON, with their content types', async () => {
    const types = (path: string) => Object.keys(doc.paths[path]?.get?.responses['200']?.content ?? {});
    expect(types('/sitemap.xml')).toEqual(['application/xml']);
    expect(types('/robots.txt')).toEqual(['text/plain']);
    expect(types('/blogs/rss.xml')).toEqual(['application/rss+xml']);
    expect(types('/media/{file}')).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
    // navigator.sendBeacon sends the tracking record as text/plain.
    expect(Object.keys(doc.paths['/public/trackUser']?.post?.requestBody?.content ?? {})).toEqual(['application/json', 'text/plain']);
    const beacon = await t.app.inject({ method: 'POST', url: '/public/trackUser', headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: JSON.stringify({ path: '/blogs' }) });
    expect(beacon.statusCode).toBe(204);
    for (const path of ['/sitemap.xml', '/robots.txt', '/blogs/rss.xml']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(types(path), path).toContain(res.headers['content-type']?.toString().split(';')[0]);
    }
  });

  it('shows which routes need a sign-in, and each needs one exactly when the document says so', async () => {
    for (const { path, method, op } of operations()) {
      const required = op.security?.length === 1 && 'bearer' in op.security[0]!;
      const res = await t.app.inject({ method, url: path.replace(/\{\w+\}/g, 'x') });
      expect(res.statusCode === 401, `${method} ${path} answered ${res.statusCode}`).toBe(required);
    }
    expect(doc.paths['/api/admin/users']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/public/trackUser']?.post?.security).toEqual([{}, { bearer: [] }]);
  });

  it('names the roles each guarded route needs, and a user without one is refused exactly there', async () => {
    const candidate = (await signedInUser(t.app, t.db, { role: 'candidate' })).auth;
    const editor = (await signedInUser(t.app, t.db, { role: 'editor' })).auth;
    const roles = (op: Operation) => /^For signed-in (.+?) only\./.exec(op.description ?? '')?.[1];
    expect(roles(doc.paths['/api/admin/users']!.get!)).toBe('admins');
    expect(roles(doc.paths['/api/admin/analytics/export']!.get!)).toBe('admins');
    expect(roles(doc.paths['/api/admin/blogs']!.post!)).toBe('editors and admins');
    expect(roles(doc.paths['/api/admin/preview']!.post!)).toBe('editors and admins');
    for (const { path, method, op } of operations()) {
      const url = path.replace(/\{\w+\}/g, 'x');
      const refused = async (headers: Record<string, string>) => (await t.app.inject({ method, url, headers })).statusCode === 403;
      const named = roles(op);
      expect(await refused(candidate), `${method} ${path} for a candidate`).toBe(named !== undefined);
      expect(await refused(editor), `${method} ${path} for an editor`).toBe(named === 'admins');
      if (path.startsWith('/api/admin/')) expect(named, `${method} ${path}`).toBeDefined();
    }
  });

  it('answers only what it documents, to a stranger, to an admin, and to malformed JSON', async () => {
    const { auth } = await signedInUser(t.app, t.db, { role: 'admin' });
    for (const { path, method, op } of operations()) {
      const url = path.replace(/\{\w+\}/g, 'x');
      const bad = BODY_METHODS.includes(method) ? [{ headers: { ...auth, 'content-type': 'application/json' }, payload: '{"broken":' }] : [];
      for (const request of [{}, { headers: auth }, ...bad]) {
        const res = await t.app.inject({ method, url, ...request });
        expect(Object.keys(op.responses), `${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`).toContain(String(res.statusCode));
      }
    }
  });

  it('has a reference page that runs no inline script, under the strict Content-Security-Policy', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\/[\w.-]+\.js"/);
      expect(body?.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes ?? '')![1]!;
      expect((await t.app.inject(src)).statusCode, src).toBe(200);
    }
    expect(page.body).not.toMatch(/\son\w+=/i);
  });
});
