import type { Insertable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { NoticeRow, NoticesTable } from './notices.table.js';

/** Notices a statement writes: 6 values each, well within SQLite's bound parameters. */
const ROWS_PER_STATEMENT = 500;

export async function insertNotices(db: Executor, rows: Insertable<NoticesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await db.insertInto('notices').values(rows.slice(i, i + ROWS_PER_STATEMENT)).execute();
}

/** A person's latest notices, newest first, and how many are unread. */
export async function noticeRows(db: Executor, userId: string, limit: number): Promise<{ rows: NoticeRow[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    db.selectFrom('notices').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    db.selectFrom('notices').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow(),
  ]);
  return { rows, unread: Number(unread.n) };
}

/** Marks a person's notices read: these, or all of them. */
export async function markNoticesRead(db: Executor, userId: string, ids: readonly string[] | undefined, at: number): Promise<void> {
  let query = db.updateTable('notices').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}
