import type { AuditEvent, AuditKind } from '@abhyas/contracts';
import type { FastifyInstance } from 'fastify';
import { PostgresAdapter, sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/index.js';

/** The audit trail's records matching a query (kind, objectId, actor…), newest first, as an admin reads them at GET /api/admin/audit. */
export async function auditRecords(app: FastifyInstance, admin: Record<string, string>, query: Record<string, string> = {}): Promise<AuditEvent[]> {
  const res = await app.inject({ method: 'GET', url: `/api/admin/audit?${new URLSearchParams({ pageSize: '100', ...query }).toString()}`, headers: admin });
  if (res.statusCode !== 200) throw new Error(`reading the audit trail failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: AuditEvent[] }>().data;
}

/** A record as the trail answers it, whatever its id and time. */
export const aRecord = (record: { [K in Exclude<keyof AuditEvent, 'id' | 'at'>]: unknown }) => ({ id: expect.any(String), at: expect.any(String), ...record });

/** How many records the audit trail holds. */
export async function auditCount(app: FastifyInstance, admin: Record<string, string>): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=1', headers: admin });
  return res.json<{ total: number }>().total;
}

/**
 * Makes the database refuse to write records of one kind until the returned function is called, so
 * a test can show that a change whose record cannot be written is rolled back with it.
 */
export async function refuseAuditRecords(db: Db, kind: AuditKind): Promise<() => Promise<void>> {
  const name = `refuse_${kind.replace('.', '_')}`;
  const when = sql.raw(`'${kind}'`);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$ begin raise exception 'the audit record was refused'; end $$`.execute(db);
    await sql`create trigger ${sql.raw(name)} before insert on audit_events for each row when (new.kind = ${when}) execute function ${sql.raw(name)}()`.execute(db);
    return async () => {
      await sql`drop trigger ${sql.raw(name)} on audit_events`.execute(db);
      await sql`drop function ${sql.raw(name)}()`.execute(db);
    };
  }
  await sql`create trigger ${sql.raw(name)} before insert on audit_events when new.kind = ${when} begin select raise(abort, 'the audit record was refused'); end`.execute(db);
  return async () => void (await sql`drop trigger ${sql.raw(name)}`.execute(db));
}
