import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  // The moment a test's answer key may first be shown, set by the contests that run it: the
  // contest's end, or the cancellation. Until then its questions' keys are withheld everywhere
  // (docs/decisions/018). Null for a test no contest runs.
  await db.schema.alterTable('tests').addColumn('key_sealed_until', 'bigint').execute();
  // Papers of existing contests: the latest end among the contests on the paper, a cancelled one
  // counting from its cancellation.
  await sql`
    update tests set key_sealed_until = (
      select max(case when c.status = 'cancelled' then coalesce(c.cancelled_at, c.ends_at) else c.ends_at end)
      from contests c where c.test_id = tests.id
    )
    where exists (select 1 from contests c where c.test_id = tests.id)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tests').dropColumn('key_sealed_until').execute();
}
