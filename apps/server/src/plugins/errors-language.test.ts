import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/* The one error shape in the requester's language: Hindi when Accept-Language prefers it, English otherwise; the code never changes. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const HINDI = { 'accept-language': 'hi' };

describe('errors in the requester’s language', () => {
  it('answers a 404 in Hindi, and in English without the header', async () => {
    const hi = await t.app.inject({ method: 'GET', url: '/api/blogs/no-such-blog', headers: HINDI });
    expect(hi.statusCode).toBe(404);
    expect(hi.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'ब्लॉग नहीं मिला' });
    expect(hi.headers['content-language']).toBe('hi');
    expect(String(hi.headers.vary)).toMatch(/accept-language/i);

    const browser = await t.app.inject({ method: 'GET', url: '/api/blogs/no-such-blog', headers: { 'accept-language': 'hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7' } });
    expect(browser.json().message).toBe('ब्लॉग नहीं मिला');

    const en = await t.app.inject({ method: 'GET', url: '/api/blogs/no-such-blog' });
    expect(en.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Blog not found' });
    expect(en.headers['content-language']).toBe('en');
  });

  it('answers a 409 in Hindi with the same code', async () => {
    const user = await createUser(t.db);
    const payload = { name: 'Dup', email: user.email, password: 'long enough' };
    const hi = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: HINDI, payload });
    expect(hi.statusCode).toBe(409);
    expect(hi.json()).toEqual({ statusCode: 409, code: 'EMAIL_TAKEN', message: 'इस ईमेल से एक खाता पहले से मौजूद है' });

    const en = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'accept-language': 'en-GB, hi;q=0.5' }, payload });
    expect(en.json()).toEqual({ statusCode: 409, code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
  });

  it('answers a 400 with every detail in Hindi, the fields named as sent', async () => {
    const payload = { name: '', email: 'not-an-email', password: 'short', role: 'admin' };
    const hi = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: HINDI, payload });
    expect(hi.statusCode).toBe(400);
    const body = hi.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'अपना नाम लिखें' },
        { field: 'email', message: 'सही ईमेल पता लिखें' },
        { field: 'password', message: 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए' },
        { field: 'role', message: 'अज्ञात फ़ील्ड "role" सेट नहीं किया जा सकता' },
      ]),
    );
    expect(body.message).toContain('password: पासवर्ड कम से कम 8 अक्षरों का होना चाहिए');
    expect(body.message).not.toMatch(/[a-z]{3,} [a-z]{3,} [a-z]{3,}/);

    const en = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(en.json().details).toContainEqual({ field: 'password', message: 'Password must be at least 8 characters' });
    expect(en.json().message).toContain('password: Password must be at least 8 characters');
  });

  it('puts a service’s own field details into Hindi too', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const payload = { currentPassword: 'not the password', newPassword: 'a new long password' };
    const hi = await t.app.inject({ method: 'POST', url: '/api/auth/password', headers: { ...auth, ...HINDI }, payload });
    expect(hi.statusCode).toBe(400);
    expect(hi.json()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'currentPassword: मौजूदा पासवर्ड गलत है', details: [{ field: 'currentPassword', message: 'मौजूदा पासवर्ड गलत है' }] });
  });

  it('counts the problems left out in Hindi', async () => {
    const { auth } = await signedInUser(t.app, t.db);
    const payload = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, 1]));
    const hi = await t.app.inject({ method: 'PUT', url: '/api/users/profile/update', headers: { ...auth, ...HINDI }, payload });
    const body = hi.json();
    expect(body.details).toHaveLength(51);
    expect(body.details.at(-1)).toEqual({ field: '', message: '10 और समस्याएँ छोड़ दी गईं' });
    expect(body.message.endsWith('; और 50 अन्य')).toBe(true);
  });

  it('answers the router’s and the error handler’s own refusals in Hindi', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/api/does-not-exist', headers: HINDI });
    expect(route.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'GET /api/does-not-exist के लिए कोई रूट नहीं है' });
    const json = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...HINDI, 'content-type': 'application/json' }, payload: '{"email":' });
    expect(json.json()).toEqual({ statusCode: 400, code: 'MALFORMED_JSON', message: 'अनुरोध मान्य JSON नहीं है' });
    const signIn = await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: HINDI });
    expect(signIn.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: 'जारी रखने के लिए साइन इन करें' });
  });

  it('keeps English for a header that does not prefer Hindi', async () => {
    for (const header of ['en', 'hi;q=0', 'fr', '*', 'hi;q=bad']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/blogs/no-such-blog', headers: { 'accept-language': header } });
      expect(res.json().message, header).toBe('Blog not found');
    }
  });
});
