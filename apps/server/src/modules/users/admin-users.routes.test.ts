import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { findUserById } from './users.repo.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const stamp = Math.random().toString(36).slice(2, 8);
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInUser(t.app, t.db, { role: 'admin', name: `Admin ${stamp}` });
  await createUser(t.db, { name: `Meera Iyer ${stamp}`, email: `meera.${stamp}@example.com` });
  await createUser(t.db, { name: `Arjun Rao ${stamp}`, email: `arjun.${stamp}@example.com`, role: 'editor' });
  await createUser(t.db, { name: `Kavya ${stamp}`, email: `KAVYA.IYER.${stamp}@example.com`.toLowerCase() });
});
afterAll(async () => t.close());

const list = (query: string, headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers });
const setRole = (id: string, role: unknown, headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}/role`, headers, payload: { role } });
const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((u) => u.name);

describe('GET /api/admin/users', () => {
  it('is for admins only', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    const editor = await signedInUser(t.app, t.db, { role: 'editor' });
    const res = await list('', editor.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this');
  });

  it.each([
    ['?pageSize=500', 'pageSize', 'Page size must be at most 100'],
    ['?role=owner', 'role', 'Role must be candidate, editor or admin'],
    ['?page=0', 'page', 'Page starts at 1'],
  ])('refuses %s', async (query, field, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it('finds users by any case of name or email words, and by role', async () => {
    expect(names(await list(`?search=IYER ${stamp}`)).sort()).toEqual([`Kavya ${stamp}`, `Meera Iyer ${stamp}`]);
    expect(names(await list(`?search=${stamp}&role=editor`))).toEqual([`Arjun Rao ${stamp}`]);
    expect(names(await list(`?search=100%25 ${stamp}`))).toEqual([]);
  });

  it('pages through newest first, without secret columns', async () => {
    const first = (await list(`?search=${stamp}&pageSize=2`)).json();
    const second = (await list(`?search=${stamp}&pageSize=2&page=2`)).json();
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect([...first.data, ...second.data].map((u: { name: string }) => u.name)).toEqual([`Kavya ${stamp}`, `Arjun Rao ${stamp}`, `Meera Iyer ${stamp}`, `Admin ${stamp}`]);
    expect(JSON.stringify(first)).not.toMatch(/password|token_version/);
  });
});

describe('PATCH /api/admin/users/:id/role', () => {
  it('gives a user a new role that applies to their next request, with the token they already hold', async () => {
    const user = await signedInUser(t.app, t.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/questions', headers: user.auth })).statusCode).toBe(403);
    const res = await setRole(user.user.id, 'editor');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.user.id, role: 'editor' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/questions', headers: user.auth })).statusCode).toBe(200);
  });

  it('is refused to editors, with a role out of the list, and for an unknown user', async () => {
    const editor = await signedInUser(t.app, t.db, { role: 'editor' });
    const target = await createUser(t.db);
    expect((await setRole(target.id, 'admin', editor.auth)).statusCode).toBe(403);
    const bad = await setRole(target.id, 'superuser');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({ field: 'role', message: 'Role must be candidate, editor or admin' });
    const missing = await setRole('0192f0c1-0000-7000-8000-000000000000', 'editor');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
    expect((await findUserById(t.db, target.id))?.role).toBe('candidate');
  });

  it('does not let an admin remove their own admin role', async () => {
    const res = await setRole(admin.user.id, 'candidate');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'You cannot remove your own admin role; another admin can' });
    expect((await findUserById(t.db, admin.user.id))?.role).toBe('admin');
  });

  it('lets only one of two admins demoting each other at once succeed, so an admin remains', async () => {
    const a = await signedInUser(t.app, t.db, { role: 'admin' });
    const b = await signedInUser(t.app, t.db, { role: 'admin' });
    const [ab, ba] = await Promise.all([setRole(b.user.id, 'candidate', a.auth), setRole(a.user.id, 'candidate', b.auth)]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 403]);
    const roles = [(await findUserById(t.db, a.user.id))?.role, (await findUserById(t.db, b.user.id))?.role];
    expect(roles.sort()).toEqual(['admin', 'candidate']);
  });
});
