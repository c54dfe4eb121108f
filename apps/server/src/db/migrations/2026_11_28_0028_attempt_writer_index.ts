import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// On SQLite, the index a save's guarded insert names (INDEXED BY) to check the attempt's status and
// writing device without reading its row, whose layout column spills onto overflow pages. PostgreSQL
// reads the row anyway, to lock it for the save (FOR SHARE), so it gets no such index.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema.createIndex('attempts_writer_idx').on('attempts').columns(['id', 'status', 'device_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await db.schema.dropIndex('attempts_writer_idx').execute();
}
