import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, PASSWORD, signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';
import { resetLinkIn, startSmtpServer, type SmtpTestServer } from '../../../test/smtp-server.js';

const clock = testClock();
let smtp: SmtpTestServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Abhyas <accounts@abhyas.example>', PUBLIC_URL: 'https://abhyas.example' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => smtp.release());

const NEW_PASSWORD = 'a fresh long password';
const forgot = (email: string, ip = '10.1.0.1') => t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress: ip });
const reset = (token: string, password = NEW_PASSWORD, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password }, cookies });
const login = (email: string, password: string, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, cookies });

/** Asks for a link for the user and answers the token from the mail that arrives. */
async function linkFor(email: string): Promise<string> {
  const before = smtp.mails.length;
  expect((await forgot(email)).statusCode).toBe(202);
  const mail = await smtp.waitForMail(before + 1);
  expect(mail.to).toEqual([email]);
  return resetLinkIn(mail).token;
}

const answerOf = (res: LightMyRequestResponse) => {
  const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

describe('POST /api/auth/password/forgot', () => {
  it('mails a single link to the account, valid for 30 minutes and stored only as a hash', async () => {
    const user = await createUser(t.db);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'If an account uses this address, a link to reset its password is on its way.' });
    const mail = await smtp.waitForMail(smtp.mails.length + 1);
    expect(mail.from).toBe('accounts@abhyas.example');
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('Reset your Abhyas password');
    const { link, token } = resetLinkIn(mail);
    expect(link).toBe(`https://abhyas.example/reset-password?token=${token}`);
    expect(mail.text).toContain('for 30 minutes');

    const rows = await t.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expires_at - rows[0]!.created_at).toBe(30 * 60_000);
  });

  it("mails the link in the account's language", async () => {
    const user = await createUser(t.db, { name: 'Meera', preferred_language: 'hi' });
    expect((await forgot(user.email)).statusCode).toBe(202);
    const mail = await smtp.waitForMail(smtp.mails.length + 1);
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe('अपना Abhyas पासवर्ड रीसेट करें');
    expect(mail.text).toContain('नमस्ते Meera,');
    expect(mail.text).toContain('यह लिंक केवल एक बार, 30 मिनट तक काम करेगा।');
    expect(mail.text).not.toMatch(/Hello|minutes/);
    const { link, token } = resetLinkIn(mail);
    expect(link).toBe(`https://abhyas.example/reset-password?token=${token}`);
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const user = await createUser(t.db);
    // Each from its own address, so the per-address counters in the headers match too.
    const known = await forgot(user.email, '10.1.1.1');
    await t.jobs.drain();
    const sent = smtp.mails.length;
    const unknown = await forgot('nobody.here@example.com', '10.1.1.2');
    await t.jobs.drain();
    expect(answerOf(unknown)).toEqual(answerOf(known));
    expect(smtp.mails.length).toBe(sent);
  });

  it('answers before the mail server has taken the message, so its speed shows nothing', async () => {
    const user = await createUser(t.db);
    const sent = smtp.mails.length;
    smtp.hold();
    const res = await forgot(user.email);
    expect(res.statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.length).toBe(sent);
    smtp.release();
    expect((await smtp.waitForMail(sent + 1)).to).toEqual([user.email]);
  });

  it('sends one account at most 3 links an hour, answering every request the same', async () => {
    const user = await createUser(t.db);
    const sent = smtp.mails.length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => forgot(user.email)));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
    await t.jobs.drain();
    expect(smtp.mails.length - sent).toBe(3);
    clock.advance(61 * 60_000);
    await linkFor(user.email);
  });

  it('refuses a malformed address', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'email', message: 'Enter a valid email address' });
  });
});

describe('POST /api/auth/password/reset', () => {
  it('sets the new password once and ends every earlier session, device cookie and link', async () => {
    const { user, auth } = await signedInUser(t.app, t.db);
    const trusted = await login(user.email, PASSWORD);
    const oldDevice = { [trusted.cookies[0]!.name]: trusted.cookies[0]!.value };
    const older = await linkFor(user.email);
    const token = await linkFor(user.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed. Sign in with your new password.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth })).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(401);

    for (const used of [token, older]) {
      const again = await reset(used, 'yet another password');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        statusCode: 400,
        code: 'RESET_LINK_INVALID',
        message: 'This link to reset your password has expired or has already been used. Ask for a new one.',
      });
    }
    const devices = await t.db.selectFrom('trusted_devices').select('id').where('user_id', '=', user.id).execute();
    expect(devices).toHaveLength(1);
    expect(Object.values(oldDevice)[0]).not.toContain(devices[0]!.id);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the browser that reset the password sign in while others’ failures lock untrusted clients out', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i += 1) await login(user.email, `guess ${i}`);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(429);
    const res = await reset(await linkFor(user.email));
    const device = { [res.cookies[0]!.name]: res.cookies[0]!.value };
    expect(res.cookies[0]).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(429);
    expect((await login(user.email, NEW_PASSWORD, device)).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes', async () => {
    const user = await createUser(t.db);
    const token = await linkFor(user.email);
    clock.advance(30 * 60_000 + 1);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESET_LINK_INVALID');
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('works once when the same link is used many times at once', async () => {
    const user = await createUser(t.db);
    const token = await linkFor(user.email);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => reset(token, `racing password ${i}`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(7);
    // The one reset that landed is in the audit trail, by the account's owner, with its request.
    const winner = results.find((r) => r.statusCode === 200)!;
    const records = await t.db.selectFrom('audit_events').selectAll().where('object_id', '=', user.id).execute();
    expect(records.map((r) => [r.kind, r.actor_id, r.request_id])).toEqual([['account.password_reset', user.id, winner.headers['x-request-id']]]);
  });

  it('refuses an unknown token, a malformed one and a password the rules refuse', async () => {
    expect((await reset('A'.repeat(43))).json().code).toBe('RESET_LINK_INVALID');
    const malformed = await reset('not a token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toContainEqual({ field: 'token', message: 'This link to reset your password is incomplete' });
    const user = await createUser(t.db);
    const token = await linkFor(user.email);
    const short = await reset(token, 'short');
    expect(short.json().details).toContainEqual({ field: 'password', message: 'Password must be at least 8 characters' });
    expect((await reset(token)).statusCode).toBe(200);
  });
});
