import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  // An import in progress ('running') or abandoned ('failed'); the row goes when the import is
  // published, and with it the only thing hiding the import's questions.
  await db.schema
    .createTable('question_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .execute();
  // The import that wrote a question; null for questions written any other way.
  await db.schema.alterTable('questions').addColumn('import_id', 'text').execute();
  await db.schema.createIndex('questions_import_idx').on('questions').column('import_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('questions_import_idx').execute();
  await db.schema.alterTable('questions').dropColumn('import_id').execute();
  await db.schema.dropTable('question_imports').execute();
}
