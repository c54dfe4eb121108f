import { LIMITS, type AuthResponse, type ChangePasswordRequest, type LoginRequest, type RegisterRequest } from '@abhyas/contracts';
import type { Db, Executor } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, rateLimited, unauthorized, validationFailed } from '../../lib/errors.js';
import { createUser, grantRole, recordSignIn, revokeTokens, toUserDto, userByEmail, type NewUser, type UserRow } from '../users/users.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { clearLoginAttempts, deleteLoginAttempt, recentLoginAttempts, recordLoginAttempt, type AttemptBucket } from './login-attempts.repo.js';
import { pruneSignInRecords } from './prune.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { revokePasswordResets } from './password-resets.repo.js';
import type { TokenService } from './tokens.js';
import { revokeDevices, trustDevice, trustedDeviceOf, type DeviceCookie, type DeviceKeys } from './trusted-devices.js';

export type AuthDeps = { db: Db; clock: Clock; tokens: TokenService; devices: DeviceKeys };
type AccountDeps = { db: Db; clock: Clock };
/** What replacing a password uses; the executor is the caller's transaction. */
type ReplaceDeps = { db: Executor; clock: Clock; devices: DeviceKeys };

/** Who is signing in: the address and the cookies the request came with. */
export type Client = { ip: string; cookies: Record<string, string> };

/** A successful sign-in: the answer, and the device cookie to set on the browser. */
export type SignedIn = { auth: AuthResponse; device: DeviceCookie };

const INVALID_CREDENTIALS = 'Incorrect email or password';

function issue(deps: AuthDeps, user: UserRow): AuthResponse {
  return { token: deps.tokens.sign(user.id, user.token_version), user: toUserDto(user) };
}

/** Creates a candidate account and signs it in. */
export async function register(deps: AuthDeps, input: RegisterRequest & { email: string }): Promise<SignedIn> {
  const now = deps.clock.now();
  // Registering signs the account in: its first sign-in, so the next one is a return.
  const user = await createAccount(deps, { email: input.email, name: input.name, role: 'candidate', password: input.password, profile: { last_sign_in_at: now, preferred_language: input.preferredLanguage ?? 'en' } });
  if (!user) throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
  return { auth: issue(deps, user), device: await trustDevice(deps.db, deps.devices, user.id, now) };
}

/**
 * Signs a user in. Failures count per bucket (docs/PRODUCT.md §8.1): a browser with a valid device
 * cookie for the account has its own budget; every other client shares the account's untrusted
 * budget, whose lockout never reaches trusted browsers. Each attempt is recorded before the
 * password is checked, so a burst of parallel guesses cannot slip past the limit (OWASP
 * Authentication Cheat Sheet, account lockout).
 */
export async function login(deps: AuthDeps, input: LoginRequest & { email: string }, client: Client): Promise<SignedIn> {
  const now = deps.clock.now();
  const user = await userByEmail(deps, input.email);
  const deviceId = user ? await trustedDeviceOf(deps.db, deps.devices, user.id, client.cookies, now) : null;
  const bucket: AttemptBucket = deviceId ? { deviceId } : { email: input.email };
  await refuseWhenLocked(deps.db, bucket, await recordLoginAttempt(deps.db, input.email, client.ip, now, deviceId), now);
  const ok = user ? await verifyPassword(user.password_hash, input.password) : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 401, INVALID_CREDENTIALS);
  await clearLoginAttempts(deps.db, bucket);
  return { auth: issue(deps, (await recordSignIn(deps, user.id)) ?? user), device: await trustDevice(deps.db, deps.devices, user.id, now, deviceId) };
}

/** 429 when the attempt is past the bucket's budget inside the window; the attempt then does not count. */
async function refuseWhenLocked(db: Db, bucket: AttemptBucket, attemptId: string, now: number): Promise<void> {
  const recent = await recentLoginAttempts(db, bucket, now - LIMITS.loginFailureWindowMs);
  const position = recent.findIndex((a) => a.id === attemptId);
  if (position < LIMITS.loginFailuresBeforeLock) return;
  await deleteLoginAttempt(db, attemptId);
  const unlockAt = recent[position - LIMITS.loginFailuresBeforeLock]!.attempted_at + LIMITS.loginFailureWindowMs;
  const seconds = (unlockAt - now) / 1000;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  throw rateLimited(seconds, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** Revokes every token issued to the user until now. The browser stays trusted: it is still the owner's. */
export async function logout(deps: AuthDeps, user: UserRow): Promise<void> {
  await revokeTokens(deps, user.id);
}

/**
 * Sets a new password and ends everything the old one opened: every earlier token, every device
 * cookie and every reset link. Only the browser making the change is trusted again.
 */
export async function replacePassword(
  deps: ReplaceDeps,
  userId: string,
  passwordHash: string,
  how: { kind: 'account.password_changed' | 'account.password_reset'; requestId: string | null },
): Promise<{ user: UserRow; device: DeviceCookie } | undefined> {
  const now = deps.clock.now();
  const user = await revokeTokens(deps, userId, passwordHash);
  if (!user) return undefined;
  const owner = { id: user.id, name: user.name, email: user.email, role: user.role, requestId: how.requestId };
  await recordAudit(deps.db, deps.clock, owner, { kind: how.kind, object: { type: 'user', id: user.id, label: user.email } });
  await revokePasswordResets(deps.db, userId, now);
  await revokeDevices(deps.db, userId);
  return { user, device: await trustDevice(deps.db, deps.devices, userId, now) };
}

/** Changes the password, revokes every earlier token and hands back a fresh one. */
export async function changePassword(deps: AuthDeps, user: UserRow, input: ChangePasswordRequest, requestId: string | null): Promise<SignedIn> {
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw validationFailed([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const replaced = await deps.db.transaction().execute((trx) => replacePassword({ ...deps, db: trx }, user.id, passwordHash, { kind: 'account.password_changed', requestId }));
  if (!replaced) throw unauthorized();
  return { auth: issue(deps, replaced.user), device: replaced.device };
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

/** Forgets sign-in records that no longer count: old attempts, devices past their lifetime, dead reset links. */
export async function forgetOldSignInRecords(deps: AccountDeps): Promise<void> {
  await pruneSignInRecords(deps.db, deps.clock.now());
}
