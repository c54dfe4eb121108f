import { CompiledQuery, PostgresAdapter } from 'kysely';
import type { NewUserRow, UserPatch, UserRow } from './users.table.js';
import { newId } from '../../lib/ids.js';
import type { Executor } from '../../db/index.js';
import { forgetUser } from './signed-in-users.js';

/** A new user's row with every optional profile field empty. */
export function newUserRow(fields: { email: string; name: string; role: NewUserRow['role']; passwordHash: string; now: number }): NewUserRow {
  return {
    id: newId(),
    email: fields.email,
    password_hash: fields.passwordHash,
    name: fields.name,
    role: fields.role,
    phone: null,
    city: null,
    state: null,
    pincode: null,
    target_exam: null,
    education: null,
    date_of_birth: null,
    gender: null,
    preferred_language: 'en',
    created_at: fields.now,
    updated_at: fields.now,
  };
}

/*
 * Every signed-in request reads its user by id: the statement is written once per dialect and run as
 * it is, since building it through the query builder on each request cost more than running it.
 */
const USER_BY_ID_SQL = { sqlite: 'select * from users where id = ?', postgres: 'select * from users where id = $1' };

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (await db.executeQuery<UserRow>(CompiledQuery.raw(USER_BY_ID_SQL[postgres ? 'postgres' : 'sqlite'], [id]))).rows[0];
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Inserts a user; returns undefined when the email is already taken (the unique constraint decides). */
export async function insertUser(db: Executor, row: NewUserRow): Promise<UserRow | undefined> {
  const inserted = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted;
}

/**
 * Runs a change of the user's row with this process's copy for the sign-in guard dropped before and
 * after it, so that no request after the change is served the row from before it (signed-in-users.ts).
 */
async function changing<T>(db: Executor, id: string, write: Promise<T>): Promise<T> {
  forgetUser(db, id);
  try {
    return await write;
  } finally {
    forgetUser(db, id);
  }
}

export async function updateUser(db: Executor, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  return changing(db, id, db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst());
}

/** Records a sign-in: the latest one becomes the previous one. */
export async function recordSignIn(db: Executor, id: string, now: number): Promise<UserRow | undefined> {
  return changing(
    db,
    id,
    db
      .updateTable('users')
      .set((eb) => ({ previous_sign_in_at: eb.ref('last_sign_in_at'), last_sign_in_at: now }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),
  );
}

/** Invalidates every token issued so far by moving the user's token version on. */
export async function bumpTokenVersion(db: Executor, id: string, now: number, passwordHash?: string): Promise<UserRow | undefined> {
  return changing(
    db,
    id,
    db
      .updateTable('users')
      .set((eb) => ({
        token_version: eb('token_version', '+', 1),
        updated_at: now,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),
  );
}

/** Holds the user's row until the transaction ends (a write that changes nothing), so work on one account takes turns. */
export async function lockUserRow(db: Executor, id: string): Promise<void> {
  await db.updateTable('users').set((eb) => ({ id: eb.ref('id') })).where('id', '=', id).execute();
}

/** Names, addresses and languages of these users, for mail about their own results. */
export async function contactRows(db: Executor, ids: readonly string[]): Promise<Pick<UserRow, 'id' | 'name' | 'email' | 'preferred_language'>[]> {
  const out: Pick<UserRow, 'id' | 'name' | 'email' | 'preferred_language'>[] = [];
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    out.push(...(await db.selectFrom('users').select(['id', 'name', 'email', 'preferred_language']).where('id', 'in', unique.slice(i, i + 500)).execute()));
  }
  return out;
}
