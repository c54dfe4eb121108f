import { describe, expect, it } from 'vitest';
import { migrationTestDb } from '../../test/migrations.js';

const { db, migrateTo, latest } = migrationTestDb();

const BEFORE = '2026_11_26_0017_audit_events';

describe('the time of right answers in the question statistics', () => {
  it('sums, for attempts already submitted, the time of the ranked right answers only', async () => {
    await migrateTo(BEFORE);
    await db().insertInto('users').values({ id: 'u1', email: 'u1@example.com', password_hash: 'x', name: 'U', created_at: 1, updated_at: 1 } as never).execute();
    await db().insertInto('tests').values({ id: 't1', slug: 't1', title: 't1', duration_minutes: 30, created_at: 1, updated_at: 1 } as never).execute();
    const attempt = (id: string, ranked: number, status: string) => ({ id, user_id: 'u1', behaviour: 'timed', test_id: 't1', source: 'test', ranked, status, seed: 's', started_at: 1, created_at: 1 });
    await db().insertInto('attempts').values([attempt('a1', 1, 'submitted'), attempt('a2', 1, 'submitted'), attempt('a3', 0, 'submitted'), attempt('a4', 1, 'open')] as never).execute();
    const answer = (attemptId: string, questionId: string, outcome: string, ms: number) => ({ attempt_id: attemptId, question_id: questionId, seq: 1, saved_at: 1, time_spent_ms: ms, outcome });
    await db()
      .insertInto('attempt_answers')
      .values([answer('a1', 'q1', 'correct', 4_000), answer('a2', 'q1', 'correct', 6_000), answer('a2', 'q2', 'wrong', 9_000), answer('a3', 'q1', 'correct', 50_000), answer('a4', 'q1', 'correct', 70_000)] as never)
      .execute();
    await db().insertInto('test_question_stats').values([{ test_id: 't1', question_id: 'q1', attempts: 2, correct: 2 }, { test_id: 't1', question_id: 'q2', attempts: 2, correct: 0 }] as never).execute();

    await migrateTo(latest);
    const rows = await db().selectFrom('test_question_stats').select(['question_id', 'correct_time_ms']).orderBy('question_id').execute();
    expect(rows.map((r) => [r.question_id, Number(r.correct_time_ms)])).toEqual([
      ['q1', 10_000],
      ['q2', 0],
    ]);
  });
});
