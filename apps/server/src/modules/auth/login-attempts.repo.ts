import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/**
 * Whose failures an attempt counts against: one trusted device, or every untrusted client of an
 * account together (docs/PRODUCT.md §8.1).
 */
export type AttemptBucket = { deviceId: string } | { email: string };

export async function recordLoginAttempt(db: Executor, email: string, ip: string, at: number, deviceId: string | null): Promise<string> {
  const id = newId();
  await db.insertInto('login_attempts').values({ id, email, ip, attempted_at: at, device_id: deviceId }).execute();
  return id;
}

const inBucket = (bucket: AttemptBucket) => (eb: ExpressionBuilder<Database, 'login_attempts'>) =>
  'deviceId' in bucket ? eb('device_id', '=', bucket.deviceId) : eb.and([eb('email', '=', bucket.email), eb('device_id', 'is', null)]);

/** The attempts in a bucket inside the window, oldest first. */
export async function recentLoginAttempts(db: Executor, bucket: AttemptBucket, since: number): Promise<{ id: string; attempted_at: number }[]> {
  return db
    .selectFrom('login_attempts')
    .select(['id', 'attempted_at'])
    .where(inBucket(bucket))
    .where('attempted_at', '>', since)
    .orderBy('attempted_at')
    .orderBy('id')
    .execute();
}

export async function deleteLoginAttempt(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', id).execute();
}

export async function clearLoginAttempts(db: Executor, bucket: AttemptBucket): Promise<void> {
  await db.deleteFrom('login_attempts').where(inBucket(bucket)).execute();
}

/** Drops attempts older than the window, so the table stays small. */
export async function pruneLoginAttempts(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('attempted_at', '<=', before).execute();
}
