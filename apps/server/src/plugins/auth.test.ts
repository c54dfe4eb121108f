import type { onRequestHookHandler, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { guardEveryRoute, guardRequirement } from './auth.js';

let t: TestApp;
const seenByOwnHook: (string | null)[] = [];
const seenInNested: (string | null)[] = [];
const ownNestedHook: onRequestHookHandler = (req, _reply, done) => {
  seenInNested.push(req.user?.role ?? null);
  done();
};
let nestedGuards: unknown[] = [];
let nestedRoute: RouteOptions | undefined;
beforeAll(async () => {
  t = await buildTestApp({
    onRoute: (route) => {
      if (route.url === '/api/test/nested' && route.method === 'GET') nestedRoute = route;
    },
    extraApiRoutes: (api, guards) => {
      api.get('/test/editors', { onRequest: guards.requireRole('editor', 'admin') }, async (req) => ({ role: req.user?.role }));
      api.get('/test/admins', { onRequest: guards.requireRole('admin') }, async (req) => ({ role: req.user?.role }));
      api.get('/test/anyone', { onRequest: guards.optionalUser }, async (req) => ({ userId: req.user?.id ?? null }));
      void api.register(async (scoped) => {
        guardEveryRoute(scoped, guards.requireRole('admin'));
        scoped.get('/test/scoped', { onRequest: async (req) => void seenByOwnHook.push(req.user?.role ?? null) }, async () => ({ ok: true }));
      });
      api.get('/test/unscoped', async () => ({ ok: true }));
      // As the admin scope does: editors and admins outside, admins only inside.
      void api.register(async (outer) => {
        const outerGuard = guards.requireRole('editor', 'admin');
        guardEveryRoute(outer, outerGuard);
        await outer.register(async (inner) => {
          const innerGuard = guards.narrowRole('admin');
          guardEveryRoute(inner, innerGuard);
          nestedGuards = [outerGuard, innerGuard];
          inner.get('/test/nested', { onRequest: ownNestedHook }, async () => ({ ok: true }));
        });
      });
    },
  });
});
afterAll(async () => t.close());

describe('route roles', () => {
  it('refuses an anonymous caller with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/test/editors' })).statusCode).toBe(401);
  });

  it('refuses a signed-in user without the role with 403', async () => {
    const { auth } = await signedInUser(t.app, t.db, { role: 'candidate' });
    const res = await t.app.inject({ method: 'GET', url: '/api/test/editors', headers: auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'You do not have permission to do this' });
  });

  it('lets each declared role in, and only those', async () => {
    const editor = await signedInUser(t.app, t.db, { role: 'editor' });
    const admin = await signedInUser(t.app, t.db, { role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/editors', headers: editor.auth })).json()).toEqual({ role: 'editor' });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/editors', headers: admin.auth })).json()).toEqual({ role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/admins', headers: editor.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/admins', headers: admin.auth })).statusCode).toBe(200);
  });

  it('guards every route of a plugin that says so, before the route’s own hooks, and no other route', async () => {
    const admin = await signedInUser(t.app, t.db, { role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/scoped' })).statusCode).toBe(401);
    expect(seenByOwnHook).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/scoped', headers: admin.auth })).statusCode).toBe(200);
    expect(seenByOwnHook).toEqual(['admin']);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/unscoped' })).statusCode).toBe(200);
  });

  it('runs an enclosing plugin’s guard once, then a narrower inner one, then the route’s own hooks', async () => {
    // Plugins may add their own hooks after these (the rate limiter does).
    const hooks = [nestedRoute?.onRequest].flat();
    expect(hooks.slice(0, 3)).toEqual([...nestedGuards, ownNestedHook]);
    expect(hooks.filter((hook) => nestedGuards.includes(hook))).toHaveLength(2);
    expect(guardRequirement(nestedRoute?.onRequest)).toEqual({ signIn: 'required', roles: ['admin'] });
    const nested = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/test/nested', headers });
    expect((await nested()).statusCode).toBe(401);
    expect((await nested({ authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    expect((await nested((await signedInUser(t.app, t.db, { role: 'candidate' })).auth)).statusCode).toBe(403);
    expect((await nested((await signedInUser(t.app, t.db, { role: 'editor' })).auth)).statusCode).toBe(403);
    expect(seenInNested).toEqual([]);
    expect((await nested((await signedInUser(t.app, t.db, { role: 'admin' })).auth)).statusCode).toBe(200);
    expect(seenInNested).toEqual(['admin']);
  });

  it('takes a demotion into account at once', async () => {
    const editor = await signedInUser(t.app, t.db, { role: 'editor' });
    await t.db.updateTable('users').set({ role: 'candidate' }).where('id', '=', editor.user.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/test/editors', headers: editor.auth })).statusCode).toBe(403);
  });
});

describe('revoked tokens', () => {
  const profile = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth });

  it('refuses a token at once after its sign-out through this server, though its user was just read', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    expect((await profile(auth)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(204);
    expect((await profile(auth)).statusCode).toBe(401);
  });

  it('refuses a token within a second of its revocation by another process sharing the database', async () => {
    const { user, auth } = await signedInUser(t.app, t.db);
    expect((await profile(auth)).statusCode).toBe(200);
    // Written past this server's repository, as another process's sign-out is.
    await t.db.updateTable('users').set((eb) => ({ token_version: eb('token_version', '+', 1) })).where('id', '=', user.id).execute();
    const revokedAt = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - revokedAt < 1_000) {
      status = (await profile(auth)).statusCode;
      if (status === 200) await new Promise((r) => setTimeout(r, 25));
    }
    expect(status).toBe(401);
  });
});

describe('optional sign-in on public routes', () => {
  const anyone = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/test/anyone', headers });

  it('knows a signed-in caller', async () => {
    const { user, auth } = await signedInUser(t.app, t.db);
    expect((await anyone(auth)).json()).toEqual({ userId: user.id });
  });

  it.each([
    ['no token', {}],
    ['a forged token', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' }],
    ['a malformed header', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('serves a caller with %s as anonymous, never refusing', async (_name, headers) => {
    const res = await anyone(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: null });
  });
});
