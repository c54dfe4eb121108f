import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// A page view may come without its path (the original client's record has none, and a Referer from
// another site gives none): page_views.path becomes nullable. PostgreSQL drops the constraint in
// place; SQLite cannot alter a column, so the column is replaced by a copy, in one transaction.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('page_views').alterColumn('path', (c) => c.dropNotNull()).execute();
    return;
  }
  await replacePathColumn(db, false);
}

export async function down(db: Kysely<any>): Promise<void> {
  // '' is the unknown value of the daily aggregates, and the only one a required path can hold.
  await db.updateTable('page_views').set({ path: '' }).where('path', 'is', null).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('page_views').alterColumn('path', (c) => c.setNotNull()).execute();
    return;
  }
  await replacePathColumn(db, true);
}

async function replacePathColumn(db: Kysely<any>, required: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .alterTable('page_views')
      .addColumn('path_copy', 'text', (c) => (required ? c.notNull().defaultTo('') : c))
      .execute();
    await trx.updateTable('page_views').set({ path_copy: sql.ref('path') }).execute();
    await trx.schema.alterTable('page_views').dropColumn('path').execute();
    await trx.schema.alterTable('page_views').renameColumn('path_copy', 'path').execute();
  });
}
