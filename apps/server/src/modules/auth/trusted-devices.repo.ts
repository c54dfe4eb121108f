import type { Executor } from '../../db/index.js';

export async function insertTrustedDevice(db: Executor, row: { id: string; user_id: string; created_at: number }): Promise<void> {
  await db.insertInto('trusted_devices').values(row).execute();
}

/** Whether the device is still trusted for this user (not revoked, not pruned). */
export async function isTrustedDevice(db: Executor, id: string, userId: string, since: number): Promise<boolean> {
  const row = await db
    .selectFrom('trusted_devices')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteTrustedDevice(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('trusted_devices').where('id', '=', id).execute();
}

export async function deleteUserTrustedDevices(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
}

export async function pruneTrustedDevices(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('trusted_devices').where('created_at', '<=', before).execute();
}
