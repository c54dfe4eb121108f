import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// Compensatory time (docs/PRODUCT.md §8.11): the extra minutes per hour of a timed paper an admin
// gives a candidate with a benchmark disability (0: none), and the figure each timed attempt
// started with, kept with it so that a later change never moves a running attempt.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('extra_minutes_per_hour', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('attempts').addColumn('extra_minutes_per_hour', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attempts').dropColumn('extra_minutes_per_hour').execute();
  await db.schema.alterTable('users').dropColumn('extra_minutes_per_hour').execute();
}
