import { describe, expect, it } from 'vitest';
import { migrationTestDb } from '../../test/migrations.js';

const { db: database, migrateTo, latest } = migrationTestDb();

const BEFORE = '2026_11_24_0014_contests';

/** Rows as marking stored them before full marks were named right within Moodle's tolerance. */
async function storeOldLabels() {
  const db = database();
  const at = 1_000;
  for (const id of ['u1', 'u2']) {
    await db.insertInto('users').values({ id, email: `${id}@example.com`, password_hash: 'x', name: id, created_at: at, updated_at: at } as never).execute();
  }
  for (const id of ['thirds', 'other']) {
    await db
      .insertInto('questions')
      .values({ id, type: 'multiple', stem: id, stem_html: id, source: 'import', content_hash: id, search_text: id, status: 'published', created_at: at, updated_at: at } as never)
      .execute();
  }
  await db.insertInto('tests').values({ id: 't1', slug: 't1', title: 'T1', duration_minutes: 60, status: 'published', created_at: at, updated_at: at } as never).execute();

  const attempt = (id: string, userId: string, p: { testId: string | null; ranked: number; correct: number; partial: number }) =>
    db
      .insertInto('attempts')
      .values({
        id,
        user_id: userId,
        behaviour: p.testId ? 'timed' : 'practice',
        test_id: p.testId,
        source: p.testId ? 'test' : 'bank',
        ranked: p.ranked,
        status: 'submitted',
        seed: 's',
        started_at: at,
        submitted_at: at + 1,
        score: 0,
        max_score: 0,
        correct: p.correct,
        wrong: 0,
        partial: p.partial,
        unattempted: 0,
        created_at: at,
      } as never)
      .execute();
  const answer = async (attemptId: string, position: number, questionId: string, marks: number, mark: number) => {
    await db.insertInto('attempt_questions').values({ attempt_id: attemptId, position, question_id: questionId, option_order: '[0,1,2,3]', marks, negative_marks: 0 } as never).execute();
    await db.insertInto('attempt_answers').values({ attempt_id: attemptId, question_id: questionId, choice: '[0,1,2]', seq: position + 1, saved_at: at, mark, outcome: 'partial' } as never).execute();
  };

  // u1's ranked attempt: all three thirds (2 of 2 marks) and a genuinely partial answer (2 of 3 thirds).
  await attempt('timed1', 'u1', { testId: 't1', ranked: 1, correct: 0, partial: 2 });
  await answer('timed1', 0, 'thirds', 2, 2);
  await answer('timed1', 1, 'other', 2, 1.3333);
  // u2's second attempt (not ranked): the thirds, and 999.9999 of 1000 marks, the rounding of 0.9999999 of them.
  await attempt('timed2', 'u2', { testId: 't1', ranked: 0, correct: 1, partial: 2 });
  await answer('timed2', 0, 'thirds', 2, 2);
  await answer('timed2', 1, 'other', 1000, 999.9999);
  // u2's practice session: 1 of 1 mark.
  await attempt('practice', 'u2', { testId: null, ranked: 0, correct: 0, partial: 1 });
  await answer('practice', 0, 'thirds', 1, 1);

  for (const [questionId, attempts] of [['thirds', 1], ['other', 1]] as const) {
    await db.insertInto('test_question_stats').values({ test_id: 't1', question_id: questionId, attempts, correct: 0 }).execute();
  }
  const card = (userId: string, questionId: string, reps: number) =>
    db.insertInto('review_cards').values({ user_id: userId, question_id: questionId, due: at, stability: 1, difficulty: 5, reps, state: 1, last_review: at, created_at: at } as never).execute();
  await card('u1', 'thirds', 1); // there only because of the label
  await card('u1', 'other', 1); // a partly right answer: it stays
  await card('u2', 'thirds', 2); // reviewed again since: it stays
}

describe('the migration naming full marks right', () => {
  it('relabels answers stored as partly right that earned the full marks, and the counts made from their label', async () => {
    await migrateTo(BEFORE);
    await storeOldLabels();
    await migrateTo(latest);

    const db = database();
    const answers = await db.selectFrom('attempt_answers').select(['attempt_id', 'question_id', 'outcome', 'mark']).orderBy('attempt_id').orderBy('question_id').execute();
    expect(answers.map((a) => [a.attempt_id, a.question_id, a.outcome, Number(a.mark)])).toEqual([
      ['practice', 'thirds', 'correct', 1],
      ['timed1', 'other', 'partial', 1.3333],
      ['timed1', 'thirds', 'correct', 2],
      ['timed2', 'other', 'correct', 999.9999],
      ['timed2', 'thirds', 'correct', 2],
    ]);
    const counts = await db.selectFrom('attempts').select(['id', 'correct', 'partial', 'wrong', 'unattempted']).orderBy('id').execute();
    expect(counts).toEqual([
      { id: 'practice', correct: 1, partial: 0, wrong: 0, unattempted: 0 },
      { id: 'timed1', correct: 1, partial: 1, wrong: 0, unattempted: 0 },
      { id: 'timed2', correct: 3, partial: 0, wrong: 0, unattempted: 0 },
    ]);
    // Only ranked attempts count into the review's share right.
    const stats = await db.selectFrom('test_question_stats').select(['question_id', 'attempts', 'correct']).orderBy('question_id').execute();
    expect(stats).toEqual([
      { question_id: 'other', attempts: 1, correct: 0 },
      { question_id: 'thirds', attempts: 1, correct: 1 },
    ]);
    const cards = await db.selectFrom('review_cards').select(['user_id', 'question_id', 'reps']).orderBy('user_id').orderBy('question_id').execute();
    expect(cards).toEqual([
      { user_id: 'u1', question_id: 'other', reps: 1 },
      { user_id: 'u2', question_id: 'thirds', reps: 2 },
    ]);

    // Down and up again changes nothing more.
    await migrateTo(BEFORE);
    await migrateTo(latest);
    expect(await db.selectFrom('attempts').select(['id', 'correct', 'partial', 'wrong', 'unattempted']).orderBy('id').execute()).toEqual(counts);
  });
});
