import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
//
// The exam in the candidate's language. Each version of a question names the language of its own
// texts (an edit that changes it writes a new version once an attempt took one), backfilled from
// its question's. A test declares the languages it is offered in (JSON array, English alone until an
// editor says otherwise). An attempt keeps the languages its candidate reads it in, JSON
// `{ language, questions }`, null until one is chosen (then the test's first language is shown).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('question_versions').addColumn('language', 'text', (c) => c.notNull().defaultTo('en')).execute();
  await db
    .updateTable('question_versions')
    .set({ language: sql`(select q.language from questions q where q.id = question_versions.question_id)` })
    .where((eb) => eb.exists(eb.selectFrom('questions as q').select('q.id').whereRef('q.id', '=', 'question_versions.question_id').where('q.language', '!=', 'en')))
    .execute();
  await db.schema.alterTable('tests').addColumn('languages', 'text', (c) => c.notNull().defaultTo('["en"]')).execute();
  await db.schema.alterTable('attempts').addColumn('view', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attempts').dropColumn('view').execute();
  await db.schema.alterTable('tests').dropColumn('languages').execute();
  await db.schema.alterTable('question_versions').dropColumn('language').execute();
}
