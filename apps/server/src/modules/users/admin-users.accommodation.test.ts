import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aRecord, auditCount, auditRecords, refuseAuditRecords } from '../../../test/audit-trail.js';
import { createUser, signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { findUserById } from './users.repo.js';

/** PUT /api/admin/users/:id/accommodation: an admin sets a candidate's compensatory time (docs/PRODUCT.md §8.11). */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInUser(t.app, t.db, { role: 'admin', name: 'Asha Admin' });
});
afterAll(async () => t.close());

const setTime = (id: string, body: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}/accommodation`, headers, payload: body as object });
const stored = async (id: string) => Number((await findUserById(t.db, id))?.extra_minutes_per_hour);

describe('PUT /api/admin/users/:id/accommodation', () => {
  it('sets the extra minutes per hour, shows them in the users list and on the candidate’s profile, and records the change', async () => {
    const candidate = await signedInUser(t.app, t.db, { name: 'Ravi Kumar' });
    const res = await setTime(candidate.user.id, { extraMinutesPerHour: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toMatchObject({ id: candidate.user.id, extraMinutesPerHour: 20 });
    expect(await stored(candidate.user.id)).toBe(20);

    const list = await t.app.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(candidate.user.email)}`, headers: admin.auth });
    expect(list.json().data).toEqual([expect.objectContaining({ id: candidate.user.id, extraMinutesPerHour: 20 })]);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: candidate.auth });
    expect(profile.json().user.extraMinutesPerHour).toBe(20);

    expect(await auditRecords(t.app, admin.auth, { objectId: candidate.user.id })).toEqual([
      aRecord({
        actor: { id: admin.user.id, name: 'Asha Admin', email: admin.user.email, role: 'admin' },
        kind: 'user.accommodation_changed',
        object: { type: 'user', id: candidate.user.id, label: candidate.user.email },
        before: { extraMinutesPerHour: 0 },
        after: { extraMinutesPerHour: 20 },
        requestId: res.headers['x-request-id'],
      }),
    ]);
  });

  it('removes it with 0, and records nothing when the figure does not change', async () => {
    const candidate = await createUser(t.db, { extra_minutes_per_hour: 30 });
    expect((await setTime(candidate.id, { extraMinutesPerHour: 0 })).json().data.extraMinutesPerHour).toBe(0);
    expect(await stored(candidate.id)).toBe(0);
    const before = await auditCount(t.app, admin.auth);
    expect((await setTime(candidate.id, { extraMinutesPerHour: 0 })).statusCode).toBe(200);
    expect(await auditCount(t.app, admin.auth)).toBe(before);
    expect((await auditRecords(t.app, admin.auth, { objectId: candidate.id })).map((r) => [r.before, r.after])).toEqual([[{ extraMinutesPerHour: 30 }, { extraMinutesPerHour: 0 }]]);
  });

  it('is for admins only: 401 signed out, 403 for editors and candidates, and nothing changes', async () => {
    const target = await createUser(t.db);
    expect((await setTime(target.id, { extraMinutesPerHour: 20 }, {})).statusCode).toBe(401);
    for (const role of ['editor', 'candidate'] as const) {
      const someone = await signedInUser(t.app, t.db, { role });
      const res = await setTime(target.id, { extraMinutesPerHour: 20 }, someone.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to do this');
    }
    expect(await stored(target.id)).toBe(0);
  });

  it.each([
    [{ extraMinutesPerHour: 61 }, 'Extra minutes per hour must be at most 60'],
    [{ extraMinutesPerHour: -1 }, 'Extra minutes per hour cannot be negative'],
    [{ extraMinutesPerHour: 1.5 }, 'Extra minutes per hour must be a whole number'],
    [{ extraMinutesPerHour: '20' }, 'Extra minutes per hour must be a number'],
    [{ extraMinutesPerHour: null }, 'Extra minutes per hour must be a number'],
    [{}, 'Extra minutes per hour must be a number'],
  ])('refuses %j with 400 on the field', async (body, message) => {
    const target = await createUser(t.db);
    const res = await setTime(target.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(res.json().details).toContainEqual({ field: 'extraMinutesPerHour', message });
    expect(await stored(target.id)).toBe(0);
  });

  it('refuses a field it does not know (400) and an unknown user (404)', async () => {
    const target = await createUser(t.db);
    expect((await setTime(target.id, { extraMinutesPerHour: 20, role: 'admin' })).statusCode).toBe(400);
    expect((await setTime('not-an-account', { extraMinutesPerHour: 20 })).statusCode).toBe(404);
    const missing = await setTime('0192f0c1-0000-7000-8000-000000000000', { extraMinutesPerHour: 20 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' });
    expect((await findUserById(t.db, target.id))?.role).toBe('candidate');
  });

  it('leaves the figure as it was when its audit record cannot be written', async () => {
    const target = await createUser(t.db);
    const allow = await refuseAuditRecords(t.db, 'user.accommodation_changed');
    try {
      expect((await setTime(target.id, { extraMinutesPerHour: 20 })).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await stored(target.id)).toBe(0);
  });
});
