import type { AuditEvent, AuditKind, AuditObject, AuditPage, auditQuerySchema } from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { csvField } from '../../lib/csv.js';
import { validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { auditRowsAfter, insertAuditEvents, listAuditRows, type AuditFilter, type AuditRow } from './audit.repo.js';

/**
 * The audit trail (docs/PRODUCT.md §8.9): every change to results, keys, questions, tests, contests,
 * prizes, payments and refunds, roles and accounts is recorded by the service that makes it, inside
 * the same transaction, so no change lands without its record and no record outlives a change that
 * was rolled back. Records are only ever added: the table's triggers refuse updates and deletes, and
 * no route changes one.
 */

/** Who made a change: a signed-in person as they were at the time, with the request; null for the server's own work. */
export type AuditActor = { id: string; name: string; email: string; role: string; requestId: string | null } | null;

/** The server's own work (sweepers, finalizing, reconciliation): no person made the change. */
export const BY_SERVER: AuditActor = null;

/** The actor of a request: its signed-in user and its id (the `x-request-id` echoed to the client). */
export function actorOf(request: { id: string; user?: { id: string; name: string; email: string; role: string } | null | undefined }): AuditActor {
  const user = request.user;
  if (!user) throw new Error('A change by a request needs its signed-in user');
  return { id: user.id, name: user.name, email: user.email, role: user.role, requestId: request.id };
}

export type AuditChange = {
  kind: AuditKind;
  object: { type: AuditObject; id: string | null; label: string };
  /** The fields the change touched, as they were; null or absent for a creation. */
  before?: Record<string, unknown> | null;
  /** The same fields as they are now; null or absent for a deletion. */
  after?: Record<string, unknown> | null;
};

const json = (value: Record<string, unknown> | null | undefined) => (value == null ? null : JSON.stringify(value));

/** Records one change, on the executor of the transaction that makes it. */
export async function recordAudit(db: Executor, clock: Clock, actor: AuditActor, change: AuditChange): Promise<void> {
  await recordAudits(db, clock, actor, [change]);
}

/** Records the changes one action made to several objects (a bulk change), one record each, on the executor of its transaction. */
export async function recordAudits(db: Executor, clock: Clock, actor: AuditActor, changes: readonly AuditChange[]): Promise<void> {
  const at = clock.now();
  await insertAuditEvents(db, changes.map((change) => auditRow(at, actor, change)));
}

function auditRow(at: number, actor: AuditActor, change: AuditChange): AuditRow {
  return {
    id: newId(),
    at,
    actor_id: actor?.id ?? null,
    actor_name: actor?.name ?? null,
    actor_email: actor?.email ?? null,
    actor_role: actor?.role ?? null,
    kind: change.kind,
    object_type: change.object.type,
    object_id: change.object.id,
    object_label: change.object.label.slice(0, 200),
    before_json: json(change.before),
    after_json: json(change.after),
    request_id: actor?.requestId ?? null,
  };
}

/**
 * The fields that differ between two states of an object, each side holding only those: what a
 * reader of the trail needs, without the fields that stayed as they were. Values compare as JSON.
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof T>) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}

type AuditQuery = z.output<typeof auditQuerySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filterOf(query: AuditQuery): AuditFilter {
  const from = query.from === undefined ? undefined : Date.parse(query.from);
  const to = query.to === undefined ? undefined : Date.parse(query.to);
  if (from !== undefined && to !== undefined && from >= to) throw validationFailed([{ field: 'to', message: 'To must be after From' }]);
  return {
    ...(query.actor ? (UUID.test(query.actor) ? { actorId: query.actor.toLowerCase() } : { actorText: query.actor }) : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.objectType ? { objectType: query.objectType } : {}),
    ...(query.objectId ? { objectId: query.objectId } : {}),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
}

const parsed = (text: string | null): Record<string, unknown> | null => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));

function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: new Date(Number(row.at)).toISOString(),
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name ?? '', email: row.actor_email ?? '', role: row.actor_role ?? '' },
    kind: row.kind as AuditKind,
    object: { type: row.object_type as AuditObject, id: row.object_id, label: row.object_label },
    before: parsed(row.before_json),
    after: parsed(row.after_json),
    requestId: row.request_id,
  };
}

/** One page of the trail for admins, newest first. */
export async function listAudit(deps: { db: Db }, query: AuditQuery): Promise<AuditPage> {
  const { rows, total } = await listAuditRows(deps.db, filterOf(query), { offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
  return { data: rows.map(toAuditEvent), total, page: query.page, pageSize: query.pageSize };
}

const CSV_BATCH = 500;
export const AUDIT_CSV_HEADER = 'at,actor_name,actor_email,actor_role,kind,object_type,object_id,object,before,after,request_id';

/** Every record the filters match (the page and its size aside) as one CSV table, newest first. */
export async function auditCsv(deps: { db: Db; clock: Clock }, query: AuditQuery): Promise<{ fileName: string; text: string }> {
  const filter = filterOf(query);
  const lines = [AUDIT_CSV_HEADER];
  let after: { at: number; id: string } | null = null;
  for (;;) {
    const rows: AuditRow[] = await auditRowsAfter(deps.db, filter, after, CSV_BATCH);
    for (const row of rows) {
      const fields = [
        new Date(Number(row.at)).toISOString(),
        row.actor_name ?? 'server',
        row.actor_email ?? '',
        row.actor_role ?? '',
        row.kind,
        row.object_type,
        row.object_id ?? '',
        row.object_label,
        row.before_json ?? '',
        row.after_json ?? '',
        row.request_id ?? '',
      ];
      lines.push(fields.map(csvField).join(','));
    }
    if (rows.length < CSV_BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { at: Number(last.at), id: last.id };
  }
  const day = new Date(deps.clock.now()).toISOString().slice(0, 10);
  return { fileName: `audit-${day}.csv`, text: `${lines.join('\r\n')}\r\n` };
}
