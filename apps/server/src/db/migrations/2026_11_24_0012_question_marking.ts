import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  // How a multiple-answer question is marked: 'partial' (a share per correct option) or
  // 'all_or_nothing' (full marks for exactly the correct options). Every existing question is partial.
  await db.schema.alterTable('questions').addColumn('marking', 'text', (c) => c.notNull().defaultTo('partial')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('marking').execute();
}
