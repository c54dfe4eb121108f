import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { makeQuestions, makeTest, startTestAttempt } from '../../../test/attempt-factories.js';
import { createUser } from '../../../test/factories.js';
import { createTestDb, testClock, testConfig } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import { createBackgroundJobs } from '../../lib/background.js';
import { attemptResult, saveAnswer, type Learning } from './attempts.service.js';
import { paperPort } from '../../wiring.js';

const MIN = 60_000;
const postgres = inject('dbTemplate').dialect === 'postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the sweeper', () => {
  it(`submits every overdue attempt exactly once with two server processes on one database${postgres ? ' (PostgreSQL)' : ''}`, async () => {
    const dbHandle = await createTestDb();
    cleanups.push(() => dbHandle.dispose());
    const db = dbHandle.db;
    const clock = testClock(Date.UTC(2026, 10, 24, 9, 0, 0));
    const deps = { db, clock, papers: paperPort(db) };

    const questions = await makeQuestions(db, 3, { key: [0] });
    const test = await makeTest(db, { durationMinutes: 1, graceSeconds: 30, sections: [{ questionIds: questions.map((q) => q.id), marks: 1, negativeMarks: 0 }] });
    const overdue: string[] = [];
    const users = new Map<string, string>();
    const count = 160;
    for (let i = 0; i < count; i += 1) {
      const user = await createUser(db);
      const { attempt } = await startTestAttempt(deps, test.slug, user.id, null);
      if (i % 2 === 0) await saveAnswer(deps, { attemptId: attempt.id, userId: user.id, deviceId: null, questionId: questions[0]!.id, input: { optionIds: ['A'], markedForReview: false, seq: 1 } });
      overdue.push(attempt.id);
      users.set(user.id, attempt.id);
    }
    // Past the end and the grace for those; these started later are still running.
    clock.advance(MIN + 31_000);
    const running: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const user = await createUser(db);
      running.push((await startTestAttempt(deps, test.slug, user.id, null)).attempt.id);
    }

    // Two processes sweeping at once and then every 20 ms; on PostgreSQL each has its own connections
    // (SQLite serves one process, so there the two share one). Which process claims which attempt is
    // up to timing (on a busy machine one may claim them all); what must hold is that each is claimed once.
    const heard: { process: number; userId: string }[] = [];
    const config = testConfig({ EXAM_SWEEP_INTERVAL: '20ms' });
    const apps = await Promise.all(
      [0, 1].map(async (process) => {
        const handle = process === 0 || !postgres ? dbHandle : dbHandle.openAnother();
        const learning: Learning = { bookmarkedAmong: async () => new Set(), recordOutcomes: async (userId) => void heard.push({ process, userId }) };
        const jobs = createBackgroundJobs({ warn: () => {} });
        const app = await buildApp(config, { dbHandle: handle, clock, learning, jobs });
        cleanups.push(async () => {
          await app.close();
          if (handle !== dbHandle) await handle.close();
        });
        return { app, jobs };
      }),
    );
    await Promise.all(apps.map((a) => a.app.ready()));

    const openCount = async () => Number((await db.selectFrom('attempts').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow()).n);
    await until(async () => (await openCount()) === running.length);
    // Let both keep sweeping for a while: nothing may be submitted twice.
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(apps.map((a) => a.jobs.drain()));

    const rows = await db.selectFrom('attempts').select(['id', 'status', 'submitted_by', 'submitted_at', 'score']).where('test_id', '=', test.id).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of overdue) expect(byId.get(id)).toMatchObject({ status: 'submitted', submitted_by: 'server', submitted_at: clock.now() });
    for (const id of running) expect(byId.get(id)!.status).toBe('open');
    expect(overdue.filter((id) => byId.get(id)!.score === 1)).toHaveLength(count / 2);
    // Submitted by the server after the grace, a result's time taken stops at the attempt's end: the minute.
    const [firstUser, firstAttempt] = [...users.entries()][0]!;
    const result = await attemptResult({ ...deps, percentileFrom: 1 }, firstAttempt, firstUser);
    expect(result).toMatchObject({ timeTakenSeconds: 60, submittedBy: 'server' });

    // Each submission was marked and reported once: one outcome report per candidate, one count per attempt.
    expect(heard).toHaveLength(count);
    expect(new Set(heard.map((h) => h.userId)).size).toBe(count);
    expect([...new Set(heard.map((h) => h.userId))].every((u) => users.has(u))).toBe(true);
    const stats = await db.selectFrom('test_question_stats').select(['question_id', 'attempts', 'correct']).where('test_id', '=', test.id).execute();
    expect(stats.map((s) => s.attempts)).toEqual([count, count, count]);
    expect(stats.find((s) => s.question_id === questions[0]!.id)!.correct).toBe(count / 2);
  }, 90_000);
});
