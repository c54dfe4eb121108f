import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, candidate, CANDIDATE_PASSWORD, Client, publishedQuestions, publishedTest, saveAnswer, unique, type Attempt } from './api.js';
import { logsOf, startCluster, within, type Cluster } from './cluster.js';

/** How soon a token revoked on one process is refused on the other (docs/decisions/005: at once). */
const REVOCATION_MS = 1_000;

describe('sign-ins and attempts across two server processes', () => {
  let c: Cluster;
  beforeAll(async () => {
    c = await startCluster();
  });
  afterAll(async () => c?.stop());

  it('migrates the new database once though both processes started on it at once', async () => {
    const rows = await c.sql.all<{ name: string; n: string }>('SELECT name, count(*) AS n FROM kysely_migration GROUP BY name HAVING count(*) > 1');
    expect(rows).toEqual([]);
    const admins = await c.sql.all<{ n: string }>("SELECT count(*) AS n FROM users WHERE role = 'admin'");
    expect(Number(admins[0]!.n)).toBe(1);
  });

  it('refuses on B, within a second, a token signed out on A, and one a password change on A replaced', async () => {
    const onA = await candidate(c.a);
    const onB = onA.on(c.b);
    expect((await onB.call('GET', '/api/users/profile')).status).toBe(200);
    await onA.ok('POST', '/api/auth/logout', undefined, 204);
    const signOutMs = await within(REVOCATION_MS, async () => (await onB.call('GET', '/api/users/profile')).status === 401);

    // Signed in again on B; the password is changed on A, which hands A's caller a new token.
    const again = new Client(c.b);
    again.token = (await again.ok<{ token: string }>('POST', '/api/auth/login', { email: onA.email, password: CANDIDATE_PASSWORD })).token;
    expect((await again.call('GET', '/api/users/profile')).status).toBe(200);
    const changed = await again.on(c.a).ok<{ token: string }>('POST', '/api/auth/password', { currentPassword: CANDIDATE_PASSWORD, newPassword: 'a-new-password-2' });
    const passwordMs = await within(REVOCATION_MS, async () => (await again.call('GET', '/api/users/profile')).status === 401);
    const refused = await again.call('GET', '/api/users/profile');
    expect(refused.body).toMatchObject({ statusCode: 401 });
    expect((await new Client(c.b, again.address, changed.token).call('GET', '/api/users/profile')).status).toBe(200);
    expect((await again.call('POST', '/api/auth/login', { email: onA.email, password: CANDIDATE_PASSWORD })).status).toBe(401);
    console.info(`revoked on B after ${Math.round(signOutMs)} ms (sign-out) and ${Math.round(passwordMs)} ms (password change)`);
  });

  it("refuses device 1's next save on A once device 2 took the attempt over on B, and every save on A once B submitted it", async () => {
    const editor = await admin(c.a);
    const test = await publishedTest(editor, await publishedQuestions(editor, 3));
    const device1 = await candidate(c.a);
    const started = await device1.ok<{ data: Attempt }>('POST', `/api/tests/${test.slug}/attempts`, undefined, 201);
    const attempt = started.data;
    // A learns the attempt's layout and save facts from these saves (the engine's per-process caches).
    expect((await saveAnswer(device1, attempt, 0, 1)).status).toBe(200);
    expect((await saveAnswer(device1, attempt, 1, 2)).status).toBe(200);

    const device2 = new Client(c.b, device1.address, device1.token, unique('device'));
    const taken = await device2.ok<{ data: Attempt }>('POST', `/api/attempts/${attempt.id}/takeover`);
    expect(taken.data.writer).toBe('this');
    expect((await saveAnswer(device2, attempt, 2, 3)).status).toBe(200);

    const stale = await saveAnswer(device1, attempt, 0, 4);
    expect(stale.status, logsOf(c)).toBe(409);
    expect(stale.body).toMatchObject({ code: 'ATTEMPT_TAKEN_OVER' });

    // Device 2 writes through A too, so A knows it as the writer, then submits on B.
    const device2OnA = device2.on(c.a);
    expect((await saveAnswer(device2OnA, attempt, 0, 5)).status).toBe(200);
    const result = await device2.ok<{ data: { score: number } }>('POST', `/api/attempts/${attempt.id}/submit`);
    expect(result.data.score).toBe(3);
    for (const [who, seq] of [[device2OnA, 6], [device1, 7]] as const) {
      const late = await saveAnswer(who, attempt, 1, seq);
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'ATTEMPT_CLOSED' });
    }
    const stored = await c.sql.all<{ status: string; score: string }>('SELECT status, score FROM attempts WHERE id = ?', [attempt.id]);
    expect(stored).toEqual([{ status: 'submitted', score: expect.anything() }]);
    expect(Number(stored[0]!.score)).toBe(3);
  });
});
