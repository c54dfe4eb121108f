import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// Answer-key decisions on a question's version, the candidates' challenges and problem reports, and
// the notices that tell a person what changed in their results or became of their reports.
export async function up(db: Kysely<any>): Promise<void> {
  // A decision on the key of one version of a question, for one test or (test_id null) every one
  // that used it; the latest that applies to an attempt is the key it is marked by.
  await db.schema
    .createTable('question_key_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('test_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    // JSON array of grade fractions in bank order for change and accept; null otherwise.
    .addColumn('fractions', 'text')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('question_key_decisions_version_idx').on('question_key_decisions').columns(['question_id', 'version', 'decided_at']).execute();

  // Challenges (of a submitted attempt's question, inside its window) and problem reports.
  await db.schema
    .createTable('question_flags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id'))
    .addColumn('question_version', 'integer', (c) => c.notNull())
    .addColumn('attempt_id', 'text')
    .addColumn('test_id', 'text')
    .addColumn('question_number', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('resolution', 'text')
    .addColumn('reply', 'text')
    .addColumn('resolved_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('resolved_at', 'bigint')
    .execute();
  // One challenge per candidate and question version; one open report per person and question.
  await sql`create unique index question_flags_one_challenge on question_flags (user_id, question_id, question_version) where kind = 'challenge'`.execute(db);
  await sql`create unique index question_flags_one_open_report on question_flags (user_id, question_id) where kind = 'report' and status = 'open'`.execute(db);
  await db.schema.createIndex('question_flags_queue_idx').on('question_flags').columns(['status', 'question_id', 'question_version']).execute();
  await db.schema.createIndex('question_flags_user_idx').on('question_flags').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON: the facts the notice's sentence needs.
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('notices_user_idx').on('notices').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notices').execute();
  await db.schema.dropTable('question_flags').execute();
  await db.schema.dropTable('question_key_decisions').execute();
}
