import type { Attempt, AttemptStatus } from '@abhyas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestions, makeTest } from '../../../test/attempt-factories.js';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, testClock, type TestApp } from '../../../test/helpers.js';

const MIN = 60_000;
const clock = testClock(Date.UTC(2026, 10, 24, 9, 0, 0));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function candidate() {
  const { auth } = await signedInUser(t.app, t.db);
  return { auth, on: (device: string): Headers => ({ ...auth, 'x-device-id': device }) };
}

/** A candidate with an open attempt at a fresh 60-minute test, started on the laptop. */
async function openAttempt() {
  const questions = await makeQuestions(t.db, 2, { key: [0] });
  const test = await makeTest(t.db, { sections: [{ questionIds: questions.map((q) => q.id) }] });
  const c = await candidate();
  const res = await call('POST', `/api/tests/${test.slug}/attempts`, c.on('laptop'));
  expect(res.statusCode).toBe(201);
  return { c, attempt: res.json().data as Attempt, questionIds: questions.map((q) => q.id) };
}

const status = async (attemptId: string, headers: Headers) => {
  const res = await call('GET', `/api/attempts/${attemptId}/status`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: AttemptStatus; serverTime: string };
};

describe('GET /api/attempts/:id/status', () => {
  it('tells each device whether it writes, before and after another device takes over', async () => {
    const { c, attempt } = await openAttempt();
    const first = await status(attempt.id, c.on('laptop'));
    expect(first).toEqual({
      data: { status: 'open', writer: 'this', submittedBy: null, submittedAt: null, endsAt: attempt.endsAt, serverTime: new Date(clock.now()).toISOString() },
      serverTime: new Date(clock.now()).toISOString(),
    });
    expect((await status(attempt.id, c.on('phone'))).data.writer).toBe('other');

    expect((await call('POST', `/api/attempts/${attempt.id}/takeover`, c.on('phone'))).statusCode).toBe(200);
    expect((await status(attempt.id, c.on('laptop'))).data).toMatchObject({ status: 'open', writer: 'other' });
    expect((await status(attempt.id, c.on('phone'))).data).toMatchObject({ status: 'open', writer: 'this' });
    // Without a device id the asker is not the writer once one is recorded.
    expect((await status(attempt.id, c.auth)).data.writer).toBe('other');
  });

  it('says the candidate submitted it when another device did', async () => {
    const { c, attempt } = await openAttempt();
    await call('POST', `/api/attempts/${attempt.id}/takeover`, c.on('phone'));
    clock.advance(5 * MIN);
    expect((await call('POST', `/api/attempts/${attempt.id}/submit`, c.on('phone'))).statusCode).toBe(200);
    expect((await status(attempt.id, c.on('laptop'))).data).toMatchObject({
      status: 'submitted',
      writer: 'other',
      submittedBy: 'candidate',
      submittedAt: new Date(clock.now()).toISOString(),
    });
  });

  it('says the server submitted it at the end of the time, submitting an overdue attempt itself', async () => {
    const { c, attempt, questionIds } = await openAttempt();
    const saved = await call('PUT', `/api/attempts/${attempt.id}/answers/${questionIds[0]}`, c.on('laptop'), { optionIds: ['A'], markedForReview: false, seq: 1 });
    expect(saved.statusCode).toBe(200);
    // Within the grace after the end the attempt is still open: late saves may still arrive.
    clock.advance(60 * MIN + 30_000);
    expect((await status(attempt.id, c.on('laptop'))).data).toMatchObject({ status: 'open', writer: 'this', submittedBy: null });
    clock.advance(31_000);
    expect((await status(attempt.id, c.on('laptop'))).data).toMatchObject({ status: 'submitted', writer: 'this', submittedBy: 'server' });
    const row = await t.db.selectFrom('attempts').select(['status', 'submitted_by', 'score']).where('id', '=', attempt.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'submitted', submitted_by: 'server' });
    expect(Number(row.score)).toBeGreaterThan(0);
  });

  it('answers 404 for another candidate’s attempt, 401 without a sign-in, 400 for a malformed id or device id', async () => {
    const { attempt } = await openAttempt();
    const other = await candidate();
    const foreign = await call('GET', `/api/attempts/${attempt.id}/status`, other.on('laptop'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Attempt not found' });
    expect((await call('GET', `/api/attempts/no-such-attempt/status`, other.on('laptop'))).statusCode).toBe(404);
    expect((await call('GET', `/api/attempts/${attempt.id}/status`, {})).statusCode).toBe(401);

    const long = await call('GET', `/api/attempts/${'x'.repeat(65)}/status`, other.on('laptop'));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details: [{ field: 'id', message: 'Id is too long' }] });
    const badDevice = await call('GET', `/api/attempts/${attempt.id}/status`, { ...other.auth, 'x-device-id': 'not a device id' });
    expect(badDevice.statusCode).toBe(400);
    expect(badDevice.json().details[0].message).toBe('X-Device-Id must be 1 to 64 letters, digits, dots, colons, hyphens or underscores');
  });
});
