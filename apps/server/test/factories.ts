import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/index.js';
import { type NewUserRow, type UserRow, newUserRow } from '../src/modules/users/users.seeding.js';
import { hashPassword } from '../src/modules/auth/auth.seeding.js';

export const PASSWORD = 'correct horse battery';

let counter = 0;
let cachedHash: Promise<string> | undefined;

/** Inserts a user with the shared test password; every call makes a new email. */
export async function createUser(db: Db, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  counter += 1;
  const row: NewUserRow = {
    ...newUserRow({
      email: `user${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: `Test User ${counter}`,
      role: 'candidate',
      passwordHash: await (cachedHash ??= hashPassword(PASSWORD)),
      now: Date.now(),
    }),
    ...overrides,
  };
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Signs a user in through the API and returns the bearer token. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** A user and a token for them. */
export async function signedInUser(app: FastifyInstance, db: Db, overrides: Partial<NewUserRow> = {}) {
  const user = await createUser(db, overrides);
  const token = await signIn(app, user.email);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
