import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../../test/factories.js';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/helpers.js';
import { findUserById } from './users.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const PROFILE = '/api/users/profile';
const UPDATE = '/api/users/profile/update';

async function forge(claims: Record<string, unknown>, secret = TEST_JWT_SECRET, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));
}

describe('GET /api/users/profile', () => {
  it('refuses a request without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: PROFILE });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  });

  it.each([
    ['a malformed header', 'Token abc'],
    ['garbage', 'Bearer not.a.jwt'],
  ])('refuses %s', async (_label, header) => {
    const res = await t.app.inject({ method: 'GET', url: PROFILE, headers: { authorization: header } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses a token signed with another secret, an expired one and one without the algorithm we pin', async () => {
    const user = await createUser(t.db);
    const now = Math.floor(Date.now() / 1000);
    const base = { sub: user.id, ver: 0, jti: 'x', iat: now };
    const tokens = [
      await forge({ ...base, exp: now + 60 }, 'another-secret-of-sufficient-length-000000'),
      await forge({ ...base, iat: now - 100, exp: now - 10 }),
      await forge({ ...base, exp: now + 60 }, TEST_JWT_SECRET, 'HS512'),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...base, exp: now + 60 })).toString('base64url')}.`,
    ];
    for (const token of tokens) {
      const res = await t.app.inject({ method: 'GET', url: PROFILE, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().message).toBe('Your session has expired. Please sign in again.');
    }
  });

  it('answers the signed-in user with isCompleted and no secret columns', async () => {
    const { user, auth } = await signedInUser(t.app, t.db, { name: 'Priya Nair' });
    const res = await t.app.inject({ method: 'GET', url: PROFILE, headers: auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, name: 'Priya Nair', email: user.email, role: 'candidate', isCompleted: false });
    expect(res.body).not.toMatch(/password|token_version|argon2/i);
  });
});

describe('PUT /api/users/profile/update', () => {
  it('refuses a request without a token', async () => {
    const res = await t.app.inject({ method: 'PUT', url: UPDATE, payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });

  it('updates the given fields, normalises the phone, and computes isCompleted', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const first = await t.app.inject({ method: 'PUT', url: UPDATE, headers: auth, payload: { phone: '+91 98765-43210', city: 'Pune' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ phone: '9876543210', city: 'Pune', isCompleted: false });

    const second = await t.app.inject({
      method: 'PUT',
      url: UPDATE,
      headers: auth,
      payload: { pincode: '411001', targetExam: 'IBPS PO', dateOfBirth: '2001-05-17', gender: 'female', preferredLanguage: 'hi' },
    });
    expect(second.json().user).toMatchObject({
      phone: '9876543210',
      city: 'Pune',
      pincode: '411001',
      targetExam: 'IBPS PO',
      dateOfBirth: '2001-05-17',
      gender: 'female',
      preferredLanguage: 'hi',
      isCompleted: true,
    });

    const cleared = await t.app.inject({ method: 'PUT', url: UPDATE, headers: auth, payload: { targetExam: null, city: '' } });
    expect(cleared.json().user).toMatchObject({ targetExam: null, city: null, isCompleted: false });
  });

  it.each([
    [{ phone: '12345' }, 'phone', 'Enter a 10-digit Indian mobile number'],
    [{ phone: '5876543210' }, 'phone', 'Enter a 10-digit Indian mobile number'],
    [{ pincode: '012345' }, 'pincode', 'Enter a 6-digit PIN code'],
    [{ pincode: '56003' }, 'pincode', 'Enter a 6-digit PIN code'],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'Date of birth must be in the past'],
    [{ dateOfBirth: '2001-02-30' }, 'dateOfBirth', 'Enter a valid date (YYYY-MM-DD)'],
    [{ name: '   ' }, 'name', 'Enter your name'],
    [{ name: 42 }, 'name', 'Name must be text'],
    [{ gender: 'robot' }, 'gender', 'Choose a gender from the list'],
    [{ preferredLanguage: 'fr' }, 'preferredLanguage', 'Preferred language must be en or hi'],
    [{ city: 'x'.repeat(101) }, 'city', 'City must be at most 100 characters'],
  ])('refuses %j with a message for the field', async (payload, field, message) => {
    const { auth } = await signedInUser(t.app, t.db);
    const res = await t.app.inject({ method: 'PUT', url: UPDATE, headers: auth, payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toContainEqual({ field, message });
    expect(body.message).toContain(message);
  });

  it('refuses a body that is not an object', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const res = await t.app.inject({ method: 'PUT', url: UPDATE, headers: { ...auth, 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The body must be a JSON object');
  });

  it('refuses mass assignment of role, email, isCompleted and internal columns, writing nothing', async () => {
    const { user, auth } = await signedInUser(t.app, t.db, { name: 'Before' });
    for (const field of ['role', 'email', 'isCompleted', 'id', 'token_version', 'password_hash', 'createdAt']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: UPDATE,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: `{"name":"After",${JSON.stringify(field)}:"admin"}`,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details, field).toContainEqual({ field, message: `Unknown field "${field}" cannot be set` });
    }
    const row = await findUserById(t.db, user.id);
    expect(row).toMatchObject({ name: 'Before', role: 'candidate', email: user.email });
  });
});
