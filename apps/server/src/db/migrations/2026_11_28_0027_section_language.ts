import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// A section in one language only (en or hi), as a bilingual paper's English section is: its questions
// need that language's text alone. Null: the test's languages.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_sections').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_sections').dropColumn('language').execute();
}
