import type { Executor } from '../../db/index.js';

export async function insertPasswordReset(db: Executor, row: { token_hash: string; user_id: string; created_at: number; expires_at: number }): Promise<void> {
  await db.insertInto('password_resets').values({ ...row, used_at: null }).execute();
}

export async function countPasswordResetsSince(db: Executor, userId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether a link is still unused and unexpired; the link is used only by `consumePasswordReset`. */
export async function isLivePasswordReset(db: Executor, tokenHash: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks an unused, unexpired link used and answers its user; the check and the use are one
 * statement, so a link works once even when it is submitted twice at the same moment.
 */
export async function consumePasswordReset(db: Executor, tokenHash: string, now: number): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Every link of the user not used yet stops working. */
export async function revokePasswordResets(db: Executor, userId: string, now: number): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function prunePasswordResets(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', before).execute();
}
