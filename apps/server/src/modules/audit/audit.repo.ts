import { sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import { escapeLike } from '../../db/search.js';
import type { AuditEventsTable } from './audit.table.js';

export type AuditRow = AuditEventsTable;

export type AuditFilter = {
  actorId?: string;
  actorText?: string;
  kind?: string;
  objectType?: string;
  objectId?: string;
  from?: number;
  to?: number;
};

/** Records per statement: 13 columns each stay far within SQLite's 32,766 bound parameters. */
const ROWS_PER_STATEMENT = 500;

/** The one write there is: records are added, never changed (the table's triggers refuse it). */
export async function insertAuditEvents(db: Executor, rows: AuditRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await db.insertInto('audit_events').values(rows.slice(i, i + ROWS_PER_STATEMENT)).execute();
}

function filtered(db: Executor, f: AuditFilter) {
  let q = db.selectFrom('audit_events');
  if (f.actorId) q = q.where('actor_id', '=', f.actorId);
  if (f.actorText) {
    const pattern = `%${escapeLike(f.actorText.toLowerCase())}%`;
    q = q.where((eb) => eb.or([sql<boolean>`lower(${eb.ref('actor_name')}) like ${pattern} escape '\\'`, sql<boolean>`lower(${eb.ref('actor_email')}) like ${pattern} escape '\\'`]));
  }
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.objectType) q = q.where('object_type', '=', f.objectType);
  if (f.objectId) q = q.where('object_id', '=', f.objectId);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  return q;
}

/** One page of records, newest first, with the total that match. */
export async function listAuditRows(db: Executor, f: AuditFilter, page: { offset: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every matching record, newest first, a batch at a time (for the CSV export). */
export async function auditRowsAfter(db: Executor, f: AuditFilter, after: { at: number; id: string } | null, limit: number): Promise<AuditRow[]> {
  let q = filtered(db, f).selectAll();
  if (after) q = q.where((eb) => eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]));
  return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
