import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// The audit trail: one row per change to results, keys, questions, tests, contests, prizes,
// payments, roles and accounts. Append-only on both dialects: a trigger refuses every update and
// delete (and, on PostgreSQL, a truncate), whoever asks.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('actor_role', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text')
    .addColumn('object_label', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema.createIndex('audit_events_at').on('audit_events').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_events_actor').on('audit_events').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_events_object').on('audit_events').columns(['object_type', 'object_id', 'at']).execute();
  await db.schema.createIndex('audit_events_kind').on('audit_events').columns(['kind', 'at']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function audit_events_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_events is append-only';
      end
      $$`.execute(db);
    await sql`create trigger audit_events_no_change before update or delete on audit_events for each row execute function audit_events_append_only()`.execute(db);
    await sql`create trigger audit_events_no_truncate before truncate on audit_events for each statement execute function audit_events_append_only()`.execute(db);
    return;
  }
  await sql`create trigger audit_events_no_update before update on audit_events begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
  await sql`create trigger audit_events_no_delete before delete on audit_events begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop function audit_events_append_only()`.execute(db);
}
