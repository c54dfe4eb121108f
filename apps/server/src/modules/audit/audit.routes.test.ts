import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD, signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

const clock = testClock(Date.parse('2026-11-20T10:00:00Z'));
const routes: RouteOptions[] = [];
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await buildTestApp({ clock, onRoute: (route) => void routes.push(route) });
  admin = await signedInUser(t.app, t.db, { role: 'admin', name: 'Asha Admin', email: 'asha.admin@example.com' });
});
afterAll(async () => t.close());

const audit = (query = '', headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers });
const setRole = (id: string, role: string, headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}/role`, headers, payload: { role } });

describe('the audit trail', () => {
  it('is for admins only', async () => {
    expect((await audit('', {})).statusCode).toBe(401);
    const editor = await signedInUser(t.app, t.db, { role: 'editor' });
    expect((await audit('', editor.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/export', headers: editor.auth })).statusCode).toBe(403);
  });

  it('records a role change: who, when, before and after, and the request that made it', async () => {
    const user = await createUser(t.db, { name: 'Ravi Kumar', email: 'ravi.kumar@example.com' });
    const changed = await setRole(user.id, 'editor');
    expect(changed.statusCode).toBe(200);

    const page = (await audit(`?objectId=${user.id}`)).json();
    expect(page.total).toBe(1);
    expect(page.data[0]).toEqual({
      id: expect.any(String),
      at: new Date(clock.now()).toISOString(),
      actor: { id: admin.user.id, name: 'Asha Admin', email: 'asha.admin@example.com', role: 'admin' },
      kind: 'user.role_changed',
      object: { type: 'user', id: user.id, label: 'ravi.kumar@example.com' },
      before: { role: 'candidate' },
      after: { role: 'editor' },
      requestId: changed.headers['x-request-id'],
    });
  });

  it('records nothing for a change that did not happen', async () => {
    const before = (await audit()).json().total;
    expect((await setRole(admin.user.id, 'candidate')).statusCode).toBe(409);
    const user = await createUser(t.db);
    expect((await setRole(user.id, 'candidate')).statusCode).toBe(200);
    expect((await audit()).json().total).toBe(before);
  });

  it('records a password change by the account’s owner', async () => {
    const owner = await signedInUser(t.app, t.db, { name: 'Neha Singh', email: 'neha.singh@example.com' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: owner.auth, payload: { currentPassword: PASSWORD, newPassword: 'a brand new password' } });
    expect(res.statusCode).toBe(200);
    const [record] = (await audit(`?kind=account.password_changed&objectId=${owner.user.id}`)).json().data;
    expect(record).toMatchObject({ actor: { id: owner.user.id, name: 'Neha Singh' }, object: { type: 'user', label: 'neha.singh@example.com' }, before: null, after: null });
    expect(JSON.stringify(record)).not.toMatch(/brand new password|\$argon|\$scrypt/);
  });

  it('filters by actor, kind, object and time, newest first, a page at a time', async () => {
    const other = await signedInUser(t.app, t.db, { role: 'admin', name: 'Farhan Other', email: 'farhan.other@example.com' });
    const users = await Promise.all([1, 2, 3].map((n) => createUser(t.db, { email: `filter.${n}@example.com` })));
    const start = clock.now();
    clock.advance(60_000);
    await setRole(users[0]!.id, 'editor');
    clock.advance(60_000);
    await setRole(users[1]!.id, 'editor', other.auth);
    clock.advance(60_000);
    await setRole(users[2]!.id, 'editor');
    const since = `from=${encodeURIComponent(new Date(start + 1).toISOString())}`;

    const labels = (res: { json: () => { data: { object: { label: string } }[] } }) => res.json().data.map((r) => r.object.label);
    expect(labels(await audit(`?${since}`))).toEqual(['filter.3@example.com', 'filter.2@example.com', 'filter.1@example.com']);
    expect(labels(await audit(`?${since}&actor=FARHAN`))).toEqual(['filter.2@example.com']);
    expect(labels(await audit(`?${since}&actor=${other.user.id}`))).toEqual(['filter.2@example.com']);
    expect(labels(await audit(`?${since}&actor=asha.admin`))).toEqual(['filter.3@example.com', 'filter.1@example.com']);
    const until = `to=${encodeURIComponent(new Date(start + 90_000).toISOString())}`;
    expect(labels(await audit(`?${since}&${until}`))).toEqual(['filter.1@example.com']);
    expect(labels(await audit(`?${since}&kind=account.password_changed`))).toEqual([]);
    expect(labels(await audit(`?${since}&objectType=user&objectId=${users[1]!.id}`))).toEqual(['filter.2@example.com']);
    const second = (await audit(`?${since}&pageSize=2&page=2`)).json();
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.data.map((r: { object: { label: string } }) => r.object.label)).toEqual(['filter.1@example.com']);
  });

  it.each([
    ['?kind=user.deleted', 'kind', 'Unknown kind of change'],
    ['?from=yesterday', 'from', 'From must be a date and time (ISO 8601)'],
    ['?from=2026-11-20T10:00:00Z&to=2026-11-20T09:00:00Z', 'to', 'To must be after From'],
    ['?pageSize=101', 'pageSize', 'Page size must be at most 100'],
  ])('refuses %s with the field named', async (query, field, message) => {
    const res = await audit(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it('exports what the filters match as CSV, formulas kept from running', async () => {
    const user = await createUser(t.db, { email: `=cmd.${Date.now()}@example.com` });
    await setRole(user.id, 'editor');
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit/export?objectId=${user.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,actor_name,actor_email,actor_role,kind,object_type,object_id,object,before,after,request_id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,user.role_changed,user,${user.id},'=cmd.`);
    expect(lines[1]).toContain('"{""role"":""candidate""}","{""role"":""editor""}"');
  });

  it('can only grow: no route changes a record, and the database refuses an update or a delete', async () => {
    const auditRoutes = routes.filter((r) => String(r.url).startsWith('/api/admin/audit'));
    expect(auditRoutes.length).toBeGreaterThan(0);
    expect(new Set(auditRoutes.flatMap((r) => [r.method].flat()))).toEqual(new Set(['GET', 'HEAD']));

    const total = (await audit()).json().total;
    expect(total).toBeGreaterThan(0);
    await expect(t.db.updateTable('audit_events').set({ kind: 'user.role_changed', object_label: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events`.execute(t.db)).rejects.toThrow(/append-only/);
    expect((await audit()).json().total).toBe(total);
    expect((await audit('?actor=rewritten')).json().total).toBe(0);
  });
});
