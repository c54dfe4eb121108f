import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// Per test and question, the time those who answered it right spent on it, summed (milliseconds),
// so a review can set a candidate's time beside the average of the right answers. Filled for the
// attempts already submitted from their answers.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_question_stats').addColumn('correct_time_ms', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`
    update test_question_stats set correct_time_ms = coalesce((
      select sum(aa.time_spent_ms) from attempt_answers aa
      join attempts a on a.id = aa.attempt_id
      where a.test_id = test_question_stats.test_id and a.ranked = 1 and a.status = 'submitted'
        and aa.question_id = test_question_stats.question_id and aa.outcome = 'correct'
    ), 0)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_question_stats').dropColumn('correct_time_ms').execute();
}
