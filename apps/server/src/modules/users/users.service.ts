import type { Language, ProfileUpdateParsed, Role, User } from '@abhyas/contracts';
import type { Db, Executor } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { unauthorized } from '../../lib/errors.js';
import { toUserDto } from './users.dto.js';
import { bumpTokenVersion, contactRows, findUserByEmail, findUserById, insertUser, lockUserRow, newUserRow, recordSignIn as recordSignInRow, updateUser } from './users.repo.js';
import { recentUser } from './signed-in-users.js';
import type { UserPatch, UserRow } from './users.table.js';

// What other modules receive and hand back: the signed-in user as the guards load it, and its wire shape.
export type { UserRow } from './users.table.js';
export { toUserDto };

type Deps = { db: Db; clock: Clock };

const COLUMN_OF = {
  name: 'name',
  phone: 'phone',
  city: 'city',
  state: 'state',
  pincode: 'pincode',
  targetExam: 'target_exam',
  education: 'education',
  dateOfBirth: 'date_of_birth',
  gender: 'gender',
  preferredLanguage: 'preferred_language',
} as const satisfies Record<keyof ProfileUpdateParsed, keyof UserPatch>;

/** Applies the fields a user may change about themselves; absent fields stay as they are. */
export async function updateProfile(deps: Deps, user: UserRow, update: ProfileUpdateParsed): Promise<User> {
  const patch: UserPatch = { updated_at: deps.clock.now() };
  for (const [field, column] of Object.entries(COLUMN_OF) as [keyof ProfileUpdateParsed, keyof UserPatch][]) {
    const value = update[field];
    if (value !== undefined) (patch as Record<string, unknown>)[column] = value;
  }
  const row = await updateUser(deps.db, user.id, patch);
  if (!row) throw unauthorized();
  return toUserDto(row);
}

export async function userById(deps: { db: Executor }, id: string): Promise<UserRow | undefined> {
  return findUserById(deps.db, id);
}

/** The user a signed-in request names: read at most once per half second (signed-in-users.ts). */
export async function signedInUser(deps: { db: Executor }, id: string): Promise<UserRow | undefined> {
  return recentUser(deps.db, id, () => findUserById(deps.db, id));
}

/** The account's compensatory time in timed papers, in extra minutes per hour (0: none, or no such account; docs/PRODUCT.md §8.11). */
export async function extraMinutesPerHourOf(deps: { db: Executor }, id: string): Promise<number> {
  return Number((await findUserById(deps.db, id))?.extra_minutes_per_hour ?? 0);
}

export async function userByEmail(deps: { db: Executor }, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(deps.db, email);
}

/** Holds the user's row until the caller's transaction ends, so two requests for one account take turns. */
export async function holdUser(deps: { db: Executor }, id: string): Promise<void> {
  await lockUserRow(deps.db, id);
}

export type NewUser = { email: string; name: string; role: Role; passwordHash: string; profile?: UserPatch };

/** Creates a user (profile fields empty unless given); undefined when the email is already taken. */
export async function createUser(deps: Deps, user: NewUser): Promise<UserRow | undefined> {
  return insertUser(deps.db, { ...newUserRow({ ...user, now: deps.clock.now() }), ...user.profile });
}

/** Records a sign-in now: the latest one becomes the previous one. */
export async function recordSignIn(deps: Deps, id: string): Promise<UserRow | undefined> {
  return recordSignInRow(deps.db, id, deps.clock.now());
}

/** Invalidates every token issued to the user so far, setting a new password hash when one is given. */
export async function revokeTokens(deps: { db: Executor; clock: Clock }, id: string, passwordHash?: string): Promise<UserRow | undefined> {
  return bumpTokenVersion(deps.db, id, deps.clock.now(), passwordHash);
}

/** Gives a user a role without the admins' checks: for the administrator the configuration names. */
export async function grantRole(deps: Deps, id: string, role: Role): Promise<void> {
  await updateUser(deps.db, id, { role, updated_at: deps.clock.now() });
}

export type Contact = { name: string; email: string; language: Language };

/** The name, address and language of each of these users that exists, by id. */
export async function contactsOf(deps: { db: Executor }, ids: readonly string[]): Promise<Map<string, Contact>> {
  return new Map((await contactRows(deps.db, ids)).map((r) => [r.id, { name: r.name, email: r.email, language: r.preferred_language }]));
}
