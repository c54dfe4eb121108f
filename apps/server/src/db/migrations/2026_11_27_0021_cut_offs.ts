import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// The cut-off a test declares, overall and per section: the score a candidate's result is set beside.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tests').addColumn('cut_off', 'double precision').execute();
  await db.schema.alterTable('test_sections').addColumn('cut_off', 'double precision').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_sections').dropColumn('cut_off').execute();
  await db.schema.alterTable('tests').dropColumn('cut_off').execute();
}
