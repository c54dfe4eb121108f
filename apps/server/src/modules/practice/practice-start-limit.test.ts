import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { makeQuestions } from '../../../test/practice-factories.js';

/** The practice routes' budget of session starts a minute. */
const STARTS_PER_MINUTE = 60;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await makeQuestions(t.db, 5, { categoryPath: 'Limits/Starts' });
});
afterAll(async () => t.close());

const start = (authorization: string) =>
  t.app.inject({ method: 'POST', url: '/api/practice/sessions', headers: { authorization }, payload: { source: 'bank', category: 'Limits/Starts', count: 5 } });

describe('the practice start limit', () => {
  it('is one budget per candidate however the Authorization header is written', async () => {
    const { token } = await signedInUser(t.app, t.db);
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, `bEaReR   ${token}`];
    const codes: number[] = [];
    for (let i = 0; i < STARTS_PER_MINUTE; i += 1) codes.push((await start(spellings[i % spellings.length]!)).statusCode);
    expect(new Set(codes)).toEqual(new Set([201]));
    for (const spelling of spellings) {
      const res = await start(spelling);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    }
  });

  it('is not shared by candidates signing in from one address', async () => {
    const other = await signedInUser(t.app, t.db);
    expect((await start(`Bearer ${other.token}`)).statusCode).toBe(201);
  });

  it('refuses a missing or forged token with 401', async () => {
    expect((await start('Bearer not-a-token')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/practice/sessions', payload: {} })).statusCode).toBe(401);
  });
});
