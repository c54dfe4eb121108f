import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Jar = Record<string, string>;

const login = (email: string, password: string, { ip = '10.0.0.1', jar = {} as Jar } = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip, cookies: jar });

/** The device cookie an answer set, as a browser would keep it. */
function deviceCookieOf(res: LightMyRequestResponse): Jar {
  const cookie = res.cookies.find((c) => c.name.startsWith('abhyas_device_'));
  if (!cookie) throw new Error(`no device cookie in ${res.statusCode} ${res.body}`);
  return { [cookie.name]: cookie.value };
}

/** A browser that signed in to the account once, holding its device cookie. */
async function trustedBrowser(email: string, password = PASSWORD): Promise<Jar> {
  const res = await login(email, password, { ip: '192.0.2.10' });
  expect(res.statusCode).toBe(200);
  return deviceCookieOf(res);
}

/** Fifty wrong passwords from fifty addresses, none with a device cookie of the account. */
async function attack(email: string, jar: Jar = {}): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < 50; i += 1) codes.push((await login(email, `guess ${i}`, { ip: `198.51.100.${i + 1}`, jar })).statusCode);
  return codes;
}

describe('sign-in lockout with device cookies', () => {
  it('locks an attacker out after 50 failures from many addresses while the owner signs in from a browser used before', async () => {
    const owner = await createUser(t.db);
    const browser = await trustedBrowser(owner.email);

    const codes = await attack(owner.email);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    // Untrusted clients, the owner on a new device too, wait out the lockout, right password or not.
    const untrusted = await login(owner.email, PASSWORD, { ip: '203.0.113.9' });
    expect(untrusted.statusCode).toBe(429);
    expect(untrusted.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
    expect(Number(untrusted.headers['retry-after'])).toBeGreaterThan(14 * 60);

    const res = await login(owner.email, PASSWORD, { ip: '203.0.113.9', jar: browser });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(owner.id);
  });

  it('sets the cookie for the sign-in routes only, out of reach of script and of other sites', async () => {
    const user = await createUser(t.db);
    const res = await login(user.email, PASSWORD);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^abhyas_device_${user.id}=[\\w-]{22}\\.[\\w-]{43}; `));
    expect(header).toContain('Path=/api/auth');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain(`Max-Age=${180 * 86_400}`);
    expect(header).not.toContain('Secure');
  });

  it('marks the cookie Secure in production', async () => {
    const prod = await buildTestApp({ env: { APP_ENV: 'production' } });
    try {
      const user = await createUser(prod.db);
      const res = await prod.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD } });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await prod.close();
    }
  });

  it('gives a trusted browser its own small budget: its failures lock only itself', async () => {
    const user = await createUser(t.db);
    const mine = await trustedBrowser(user.email);
    const other = await trustedBrowser(user.email);
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, `typo ${i}`, { jar: mine })).statusCode).toBe(401);
    const locked = await login(user.email, PASSWORD, { jar: mine });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email, PASSWORD, { jar: other })).statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('treats a forged cookie, or another account’s cookie under this account’s name, as untrusted', async () => {
    const victim = await createUser(t.db);
    const attacker = await createUser(t.db);
    const own = Object.values(await trustedBrowser(attacker.email))[0]!;
    const name = `abhyas_device_${victim.id}`;
    const [nonce] = own.split('.');
    const forged = { [name]: `${nonce}.${'A'.repeat(43)}` };
    const borrowed = { [name]: own };
    expect((await attack(victim.email, borrowed)).filter((c) => c === 401)).toHaveLength(5);
    expect((await login(victim.email, PASSWORD, { jar: forged })).statusCode).toBe(429);
    expect((await login(victim.email, PASSWORD, { jar: borrowed })).statusCode).toBe(429);
  });

  it('replaces the cookie at each sign-in: the one presented is retired', async () => {
    const user = await createUser(t.db);
    const first = await trustedBrowser(user.email);
    const again = await login(user.email, PASSWORD, { jar: first });
    const second = deviceCookieOf(again);
    expect(second).not.toEqual(first);
    await attack(user.email);
    expect((await login(user.email, PASSWORD, { jar: first })).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, { jar: second })).statusCode).toBe(200);
  });

  it('keeps the browser trusted after signing out, and forgets every other browser when the password changes', async () => {
    const user = await createUser(t.db);
    const phone = await trustedBrowser(user.email);
    const laptopLogin = await login(user.email, PASSWORD);
    const auth = { authorization: `Bearer ${laptopLogin.json().token}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(204);
    await attack(user.email);
    const laptopAgain = await login(user.email, PASSWORD, { jar: deviceCookieOf(laptopLogin) });
    expect(laptopAgain.statusCode).toBe(200);
    const laptop = deviceCookieOf(laptopAgain);

    const phoneLogin = await login(user.email, PASSWORD, { jar: phone });
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { authorization: `Bearer ${phoneLogin.json().token}` },
      payload: { currentPassword: PASSWORD, newPassword: 'a brand new secret' },
    });
    expect(change.statusCode).toBe(200);
    expect((await login(user.email, 'a brand new secret', { jar: laptop })).statusCode).toBe(429);
    expect((await login(user.email, 'a brand new secret', { jar: deviceCookieOf(change) })).statusCode).toBe(200);
  });

  it('trusts a browser no more once its cookie has outlived 180 days', async () => {
    const user = await createUser(t.db);
    const browser = await trustedBrowser(user.email);
    clock.advance(181 * 86_400_000);
    await attack(user.email);
    expect((await login(user.email, PASSWORD, { jar: browser })).statusCode).toBe(429);
  });
});
