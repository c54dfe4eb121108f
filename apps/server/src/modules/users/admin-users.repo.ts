import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { UserRow } from './users.table.js';
import { escapeLike } from '../../db/search.js';

export type UserFilter = { terms: string[]; role?: UserRow['role']; offset: number; limit: number };

function filtered(db: Executor, f: UserFilter) {
  let q = db.selectFrom('users');
  if (f.role) q = q.where('role', '=', f.role);
  // Every word must appear in the name or the email, whatever its case.
  for (const term of f.terms) {
    const pattern = `%${escapeLike(term)}%`;
    q = q.where((eb) => eb.or([sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`, sql<boolean>`lower(${eb.ref('email')}) like ${pattern} escape '\\'`]));
  }
  return q;
}

/** One page of users, newest first, with the total. */
export async function listUserRows(db: Executor, f: UserFilter): Promise<{ rows: UserRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(f.offset).limit(f.limit).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Reads users inside a transaction and holds them until it ends, always in id order so two
 * transactions never wait on each other crosswise. PostgreSQL locks the rows; SQLite has one
 * writer at a time already.
 */
export async function lockUsers(trx: Executor, ids: string[]): Promise<UserRow[]> {
  const query = trx.selectFrom('users').selectAll().where('id', 'in', [...new Set(ids)]).orderBy('id');
  return trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().execute() : query.execute();
}
