import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../apps/server/test/sse-client.js';
import { admin, candidate, publishedContest, publishedQuestions, publishedTest, saveAnswer, type Attempt, type Client } from './api.js';
import { logsOf, startCluster, within, type Cluster } from './cluster.js';

/** Both processes sweep this often, so that each due item is met by both, often at the same moment. */
const SWEEP = '200ms';
/** A live board follows the truth within about a second, whichever process a viewer is on (docs/decisions/016). */
const BOARD_MS = 2_000;

describe('contests and the periodic jobs across two server processes', () => {
  let c: Cluster;
  let editor: Client;
  beforeAll(async () => {
    c = await startCluster({ EXAM_SWEEP_INTERVAL: SWEEP, CONTESTS_SWEEP_INTERVAL: SWEEP, CHALLENGE_WINDOW: '1s', PAYMENT_HOLD: '3s', CONTESTS_PAID_ENTRY: 'on', PAYMENTS_PROVIDER: 'test' });
    editor = await admin(c.a);
  });
  afterAll(async () => c?.stop());

  const count = async (sql: string, params: unknown[]) => Number((await c.sql.all<{ n: string }>(sql, params))[0]!.n);

  it("shows a viewer on B a submission made on A, and makes the contest final once though both processes try", async () => {
    const contest = await publishedContest(editor, { questions: 2, startsInMs: 4_000, minutes: 30, seats: 10, pricePaise: 0 });
    // Played on A, B and A; the board shows each by first name and initial.
    const names = ['Asha', 'Bilal', 'Chitra'];
    const players = [await candidate(c.a, 'Asha Rao'), await candidate(c.b, 'Bilal Khan'), await candidate(c.a, 'Chitra Das')];
    for (const p of players) await p.ok('POST', `/api/contests/${contest.id}/join`);
    await sleep(Math.max(0, contest.startsAt - Date.now() + 200));

    const viewer = await openSse(`${c.b.baseUrl}/api/contests/${contest.id}/leaderboard/stream`, { 'x-forwarded-for': '10.0.0.1' });
    expect(viewer.status).toBe(200);
    try {
      await viewer.next((b) => b.status === 'running' && b.total === 3, { timeoutMs: BOARD_MS });
      for (const [i, p] of players.entries()) {
        const attempt = (await p.ok<{ data: Attempt }>('POST', `/api/contests/${contest.id}/attempt`, undefined, 201)).data;
        for (let q = 0; q <= i && q < 2; q += 1) expect((await saveAnswer(p, attempt, q, q + 1)).status).toBe(200);
        const from = viewer.boards.length;
        const submittedAt = performance.now();
        await p.ok('POST', `/api/attempts/${attempt.id}/submit`);
        const name = names[i]!;
        const seen = await viewer.next((b) => b.rows.some((r) => r.name.startsWith(`${name} `) && r.state === 'submitted' && r.score === Math.min(i + 1, 2)), { from, timeoutMs: BOARD_MS });
        expect(seen.status).toBe('running');
        console.info(`${name}'s submission on ${p.proc.name} seen by the viewer on B after ${Math.round(performance.now() - submittedAt)} ms`);
      }

      // The contest as if it had ended minutes ago: both processes' sweepers find it due at once.
      await c.sql.all('UPDATE contests SET starts_at = starts_at - 3600000, ends_at = ends_at - 3600000 WHERE id = ?', [contest.id]);
      await c.sql.all('UPDATE tests SET key_sealed_until = key_sealed_until - 3600000 WHERE id = (SELECT test_id FROM contests WHERE id = ?)', [contest.id]);
      await within(15_000, async () => (await count('SELECT count(*) AS n FROM contests WHERE id = ? AND finalized_at IS NOT NULL', [contest.id])) === 1, 100);
      const final = await viewer.next((b) => b.status === 'final', { timeoutMs: 5_000 });
      expect(final.rows.map((r) => [r.rank, r.state])).toEqual([[1, 'submitted'], [2, 'submitted'], [3, 'submitted']]);
    } finally {
      viewer.close();
    }
    // Finalizing twice would record it twice and count the contest twice in each rating.
    await sleep(1_000);
    expect(await count("SELECT count(*) AS n FROM audit_events WHERE kind = 'contest.finalized' AND object_id = ?", [contest.id])).toBe(1);
    const ratings = await c.sql.all<{ contests: string }>('SELECT contests FROM contest_ratings WHERE user_id IN (?, ?, ?)', players.map((p) => p.userId));
    expect(ratings.map((r) => Number(r.contests))).toEqual([1, 1, 1]);
    expect(await count('SELECT count(*) AS n FROM contest_entries WHERE contest_id = ? AND final_rank IS NOT NULL', [contest.id])).toBe(3);
  });

  it('submits each overdue attempt once, whichever process sweeps it', async () => {
    const questionIds = await publishedQuestions(editor, 2);
    const test = await publishedTest(editor, questionIds);
    const attempts: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const p = await candidate(i % 2 === 0 ? c.a : c.b);
      const attempt = (await p.ok<{ data: Attempt }>('POST', `/api/tests/${test.slug}/attempts`, undefined, 201)).data;
      expect((await saveAnswer(p, attempt, 0, 1)).status).toBe(200);
      attempts.push(attempt.id);
    }
    // Their time as if it had run out a moment ago: both sweepers find all six due.
    await c.sql.all('UPDATE attempts SET ends_at = ? WHERE test_id = ?', [Date.now() - 1_000, test.id]);
    await within(10_000, async () => (await count("SELECT count(*) AS n FROM attempts WHERE test_id = ? AND status = 'submitted'", [test.id])) === 6, 100);
    await sleep(1_000);
    expect(await count("SELECT count(*) AS n FROM attempts WHERE test_id = ? AND submitted_by = 'server'", [test.id])).toBe(6);
    // Each submission counts its attempt into the test's question statistics: twice would show here.
    const stats = await c.sql.all<{ attempts: string; correct: string }>('SELECT attempts, correct FROM test_question_stats WHERE test_id = ? ORDER BY question_id', [test.id]);
    expect(stats.map((s) => [Number(s.attempts), Number(s.correct)]).sort()).toEqual([[6, 0], [6, 6]]);
  });

  it('gives each expired seat hold back once, whichever process sweeps it', async () => {
    const contest = await publishedContest(editor, { questions: 1, startsInMs: 3_600_000, minutes: 30, seats: 10, pricePaise: 4_900 });
    const joiners = [];
    for (let i = 0; i < 5; i += 1) {
      const p = await candidate(i % 2 === 0 ? c.a : c.b);
      const joined = await p.ok<{ payment: unknown }>('POST', `/api/contests/${contest.id}/join`);
      expect(joined.payment).not.toBeNull();
      joiners.push(p);
    }
    // One candidate's hold lasts: its seat must still be counted once every other is given back.
    await c.sql.all('UPDATE contest_entries SET hold_expires_at = hold_expires_at + 3600000 WHERE contest_id = ? AND user_id = ?', [contest.id, joiners[0]!.userId]);
    await within(15_000, async () => (await count("SELECT count(*) AS n FROM contest_entries WHERE contest_id = ? AND status = 'released'", [contest.id])) === 4, 100);
    await sleep(1_000);
    const [row] = await c.sql.all<{ filled_seats: string }>('SELECT filled_seats FROM contests WHERE id = ?', [contest.id]);
    expect(Number(row!.filled_seats), logsOf(c)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM contest_entries WHERE contest_id = ? AND status = 'pending'", [contest.id])).toBe(1);
  });
});
