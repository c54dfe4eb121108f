import { newId } from '../../lib/ids.js';
import type { Executor } from '../../db/index.js';

export async function recordLoginAttempt(db: Executor, email: string, ip: string, at: number): Promise<string> {
  const id = newId();
  await db.insertInto('login_attempts').values({ id, email, ip, attempted_at: at }).execute();
  return id;
}

/** The attempts for an account inside the window, oldest first. */
export async function recentLoginAttempts(db: Executor, email: string, since: number): Promise<{ id: string; attempted_at: number }[]> {
  return db
    .selectFrom('login_attempts')
    .select(['id', 'attempted_at'])
    .where('email', '=', email)
    .where('attempted_at', '>', since)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
}

export async function deleteLoginAttempt(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

export async function clearLoginAttempts(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email).execute();
}

/** Drops attempts older than the window, so the table stays small. */
export async function pruneLoginAttempts(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', before).execute();
}
