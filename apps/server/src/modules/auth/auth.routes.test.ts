import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD, signedInUser, signIn } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/auth/register', () => {
  it('creates a candidate, normalising the email, and signs them in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: '  Kavya Rao ', email: '  Kavya.Rao@Example.COM ', password: 'long enough' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ name: 'Kavya Rao', email: 'kavya.rao@example.com', role: 'candidate', isCompleted: false });
    expect(body.token.split('.')).toHaveLength(3);
    const profile = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${body.token}` } });
    expect(profile.json().user.email).toBe('kavya.rao@example.com');
  });

  it('keeps the language the person registered in, English when not said', async () => {
    const hindi = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Meera', email: 'meera@example.com', password: 'long enough', preferredLanguage: 'hi' } });
    expect(hindi.statusCode).toBe(201);
    expect(hindi.json().user.preferredLanguage).toBe('hi');
    const english = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Ravi', email: 'ravi@example.com', password: 'long enough' } });
    expect(english.json().user.preferredLanguage).toBe('en');
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Zed', email: 'zed@example.com', password: 'long enough', preferredLanguage: 'fr' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toContainEqual({ field: 'preferredLanguage', message: 'Preferred language must be en or hi' });
  });

  it.each([
    [{ name: 'A', email: 'not-an-email', password: 'long enough' }, 'email', 'Enter a valid email address'],
    [{ name: 'A', email: 'a@example.com', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ name: 'A', email: 'a@example.com', password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [{ name: '', email: 'a@example.com', password: 'long enough' }, 'name', 'Enter your name'],
    [{ email: 'a@example.com', password: 'long enough' }, 'name', 'Enter your name'],
  ])('refuses %j', async (payload, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message });
  });

  it('refuses a role in the registration body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Eve', email: 'eve@example.com', password: 'long enough', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'role', message: 'Unknown field "role" cannot be set' });
  });

  it('answers 409 for an email already registered, in any letter case', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Dup', email: user.email.toUpperCase(), password: 'long enough' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
  });

  it('creates exactly one account when the same email registers many times at once', async () => {
    const payload = { name: 'Racer', email: 'racer@example.com', password: 'long enough' };
    const results = await Promise.all(Array.from({ length: 12 }, () => t.app.inject({ method: 'POST', url: '/api/auth/register', payload })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', 'racer@example.com').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password', async () => {
    const user = await createUser(t.db);
    const res = await login(user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
  });

  it('answers one generic message for a wrong password and for an unknown account', async () => {
    const user = await createUser(t.db);
    const wrong = await login(user.email, 'wrong password');
    const unknown = await login('nobody@example.com', 'wrong password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' });
    }
  });

  it('refuses invalid input with the field named', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'password', message: 'Enter your password' });
  });

  it('locks an account for 15 minutes after 5 failures, even for the right password, then lets it in', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, `wrong ${i}`)).statusCode).toBe(401);
    clock.advance(60_000);
    const locked = await login(user.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many failed sign-in attempts. Try again in 14 minutes.' });
    expect(Number(locked.headers['retry-after'])).toBe(14 * 60);
    clock.advance(14 * 60_000 + 1);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('a success clears the failures', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 4; i += 1) await login(user.email, 'wrong');
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(user.email, 'wrong')).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('lets no more than 5 guesses through when 30 arrive at once', async () => {
    const user = await createUser(t.db);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => login(user.email, `guess ${i}`)));
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(25);
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
  });
});

describe('first visit and return', () => {
  const MINUTE = 60_000;
  const profile = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } })).json().user;

  it('tells a new account it has not signed in since registering, until it signs in again', async () => {
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Asha', email: 'asha.first@example.com', password: 'long enough' } });
    const registeredAt = clock.now();
    expect(registered.json().user.previousSignInAt).toBeNull();
    // A reload after registering asks for the profile again: still the first visit.
    clock.advance(5 * MINUTE);
    expect((await profile(registered.json().token)).previousSignInAt).toBeNull();

    clock.advance(MINUTE);
    const back = await login('asha.first@example.com', 'long enough');
    expect(back.json().user.previousSignInAt).toBe(new Date(registeredAt).toISOString());
    expect((await profile(back.json().token)).previousSignInAt).toBe(new Date(registeredAt).toISOString());

    const secondAt = clock.now();
    clock.advance(MINUTE);
    expect((await login('asha.first@example.com', 'long enough')).json().user.previousSignInAt).toBe(new Date(secondAt).toISOString());
  });

  it('greets an account made for someone (seeded, or by an admin) as new at its first sign-in only', async () => {
    const user = await createUser(t.db);
    const first = await login(user.email, PASSWORD);
    expect(first.json().user.previousSignInAt).toBeNull();
    const firstAt = clock.now();
    clock.advance(MINUTE);
    expect((await login(user.email, PASSWORD)).json().user.previousSignInAt).toBe(new Date(firstAt).toISOString());
  });

  it('leaves the sign-ins alone on a failed sign-in', async () => {
    const user = await createUser(t.db);
    expect((await login(user.email, 'wrong password')).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).json().user.previousSignInAt).toBeNull();
  });
});

describe('POST /api/auth/logout', () => {
  it('refuses a request without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });

  it('revokes every token issued before it, and a new sign-in works', async () => {
    const { user, auth } = await signedInUser(t.app, t.db);
    const second = { authorization: `Bearer ${await signIn(t.app, user.email)}` };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect(res.statusCode).toBe(204);
    for (const headers of [auth, second]) {
      const after = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers });
      expect(after.statusCode).toBe(401);
    }
    const fresh = { authorization: `Bearer ${await signIn(t.app, user.email)}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: fresh })).statusCode).toBe(200);
  });
});

describe('token expiry', () => {
  it('refuses a token once its lifetime has passed, even after it was verified before', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth })).statusCode).toBe(200);
    clock.advance(t.config.auth.tokenTtlMs + 1000);
    const res = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired. Please sign in again.');
  });
});

describe('POST /api/auth/password', () => {
  it('refuses a request without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: { currentPassword: 'a', newPassword: 'bbbbbbbb' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password and a short new one', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: auth, payload: { currentPassword: 'nope', newPassword: 'new password 1' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: auth, payload: { currentPassword: PASSWORD, newPassword: 'short' } });
    expect(short.json().details).toContainEqual({ field: 'newPassword', message: 'Password must be at least 8 characters' });
  });

  it('changes the password, revokes older tokens and returns a working new one', async () => {
    const { user, auth } = await signedInUser(t.app, t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: auth, payload: { currentPassword: PASSWORD, newPassword: 'a brand new secret' } });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200);
  });
});

describe('per-IP limit on sign-in and registration', () => {
  it('answers 429 with Retry-After once an address exceeds the limit', async () => {
    const limited = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 5; i += 1) {
        last = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `ip${i}@example.com`, password: 'whatever1' }, remoteAddress: '10.9.9.9' });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      expect(last!.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      const other = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'whatever1' }, remoteAddress: '10.9.9.10' });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
