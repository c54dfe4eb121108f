import { LIMITS, type AuthResponse, type ChangePasswordRequest, type LoginRequest, type RegisterRequest } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, rateLimited, unauthorized, validationFailed } from '../../lib/errors.js';
import { createUser, grantRole, recordSignIn, revokeTokens, toUserDto, userByEmail, type NewUser, type UserRow } from '../users/users.service.js';
import { clearLoginAttempts, deleteLoginAttempt, pruneLoginAttempts, recentLoginAttempts, recordLoginAttempt } from './login-attempts.repo.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import type { TokenService } from './tokens.js';

export type AuthDeps = { db: Db; clock: Clock; tokens: TokenService };
type AccountDeps = Omit<AuthDeps, 'tokens'>;

const INVALID_CREDENTIALS = 'Incorrect email or password';

async function issue(deps: AuthDeps, user: UserRow): Promise<AuthResponse> {
  return { token: deps.tokens.sign(user.id, user.token_version), user: toUserDto(user) };
}

/** Creates a candidate account and signs it in. */
export async function register(deps: AuthDeps, input: RegisterRequest & { email: string }): Promise<AuthResponse> {
  // Registering signs the account in: its first sign-in, so the next one is a return.
  const profile = { last_sign_in_at: deps.clock.now() };
  const user = await createAccount(deps, { email: input.email, name: input.name, role: 'candidate', password: input.password, profile });
  if (!user) throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
  return issue(deps, user);
}

/**
 * Signs a user in. Each attempt is recorded before the password is checked, so a burst of
 * parallel guesses cannot slip past the limit; an account with too many recent failures is refused
 * with 429 whatever the password (OWASP Authentication Cheat Sheet, account lockout).
 */
export async function login(deps: AuthDeps, input: LoginRequest & { email: string }, ip: string): Promise<AuthResponse> {
  const now = deps.clock.now();
  const since = now - LIMITS.loginFailureWindowMs;
  const attemptId = await recordLoginAttempt(deps.db, input.email, ip, now);
  const recent = await recentLoginAttempts(deps.db, input.email, since);
  const position = recent.findIndex((a) => a.id === attemptId);
  if (position >= LIMITS.loginFailuresBeforeLock) {
    await deleteLoginAttempt(deps.db, attemptId);
    const unlockAt = recent[position - LIMITS.loginFailuresBeforeLock]!.attempted_at + LIMITS.loginFailureWindowMs;
    const seconds = (unlockAt - now) / 1000;
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw rateLimited(seconds, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
  const user = await userByEmail(deps, input.email);
  const ok = user ? await verifyPassword(user.password_hash, input.password) : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 401, INVALID_CREDENTIALS);
  await clearLoginAttempts(deps.db, input.email);
  return issue(deps, (await recordSignIn(deps, user.id)) ?? user);
}

/** Revokes every token issued to the user until now. */
export async function logout(deps: AuthDeps, user: UserRow): Promise<void> {
  await revokeTokens(deps, user.id);
}

/** Changes the password, revokes every earlier token and hands back a fresh one. */
export async function changePassword(deps: AuthDeps, user: UserRow, input: ChangePasswordRequest): Promise<AuthResponse> {
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw validationFailed([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
  }
  const updated = await revokeTokens(deps, user.id, await hashPassword(input.newPassword));
  if (!updated) throw unauthorized();
  return issue(deps, updated);
}

/** Creates an account that signs in with this password; undefined when the email is already taken. */
export async function createAccount(deps: AccountDeps, account: Omit<NewUser, 'passwordHash'> & { password: string }): Promise<UserRow | undefined> {
  const { password, ...user } = account;
  return createUser(deps, { ...user, passwordHash: await hashPassword(password) });
}

/** Makes sure the configured administrator exists and holds the admin role; an existing password is kept. */
export async function ensureAdmin(deps: AccountDeps, admin: { email: string; password: string }): Promise<'created' | 'promoted' | 'present'> {
  const existing = await userByEmail(deps, admin.email);
  if (existing) {
    if (existing.role === 'admin') return 'present';
    await grantRole(deps, existing.id, 'admin');
    return 'promoted';
  }
  await createAccount(deps, { email: admin.email, name: 'Administrator', role: 'admin', password: admin.password });
  return 'created';
}

/** Forgets sign-in attempts too old to count towards a lockout. */
export async function forgetOldLoginAttempts(deps: AccountDeps): Promise<void> {
  await pruneLoginAttempts(deps.db, deps.clock.now() - LIMITS.loginFailureWindowMs);
}
