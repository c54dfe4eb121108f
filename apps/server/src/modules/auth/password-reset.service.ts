import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET, type ResetPasswordRequest } from '@abhyas/contracts';
import type { BackgroundJobs } from '../../lib/background.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { holdUser, userByEmail } from '../users/users.service.js';
import { replacePassword, type AuthDeps } from './auth.service.js';
import { hashPassword } from './passwords.js';
import { consumePasswordReset, countPasswordResetsSince, insertPasswordReset, isLivePasswordReset } from './password-resets.repo.js';
import { resetMail } from './reset-mail.js';
import type { DeviceCookie } from './trusted-devices.js';

export type ResetDeps = AuthDeps & { mailer: Mailer; jobs: BackgroundJobs; publicUrl: string };

const HOUR_MS = 60 * 60 * 1000;
const LINK_TTL_MS = PASSWORD_RESET.linkTtlMinutes * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * "Forgot password": the answer is the same whether or not the account exists, and it is given
 * before anything is looked up (docs/PRODUCT.md §8.1). Finding the account, creating the link and
 * sending the mail happen afterwards, so neither the database nor the mail server can show in the
 * response time.
 */
export function forgotPassword(deps: ResetDeps, email: string): void {
  deps.jobs.run('password reset mail', () => sendResetLink(deps, email));
}

async function sendResetLink(deps: ResetDeps, email: string): Promise<void> {
  const user = await userByEmail(deps, email);
  if (!user) return;
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  // An account is sent a few links an hour at most, however many are asked for; past that the
  // request is answered as always and nothing is sent.
  const created = await deps.db.transaction().execute(async (trx) => {
    await holdUser({ db: trx }, user.id);
    if ((await countPasswordResetsSince(trx, user.id, now - HOUR_MS)) >= PASSWORD_RESET.mailsPerHour) return false;
    await insertPasswordReset(trx, { token_hash: hashToken(token), user_id: user.id, created_at: now, expires_at: now + LINK_TTL_MS });
    return true;
  });
  if (!created) return;
  await deps.mailer.send(resetMail({ to: user.email, name: user.name, link: `${deps.publicUrl}/reset-password?token=${token}`, language: user.preferred_language }));
}

const linkInvalid = () => new AppError('RESET_LINK_INVALID', 400, 'This link to reset your password has expired or has already been used. Ask for a new one.');

/**
 * Sets the new password from a reset link: the link works once, within its lifetime, and using it
 * ends every session, device cookie and other link of the account. The browser that used it is
 * trusted, so its owner can sign in even while others' failed guesses lock untrusted clients out.
 */
export async function resetPassword(deps: ResetDeps, input: ResetPasswordRequest, requestId: string | null): Promise<DeviceCookie> {
  const tokenHash = hashToken(input.token);
  // A dead link is refused before the costly hashing of the new password; using it is decided below.
  if (!(await isLivePasswordReset(deps.db, tokenHash, deps.clock.now()))) throw linkInvalid();
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const device = await deps.db.transaction().execute(async (trx) => {
    const userId = await consumePasswordReset(trx, tokenHash, now);
    return userId ? (await replacePassword({ ...deps, db: trx }, userId, passwordHash, { kind: 'account.password_reset', requestId }))?.device : undefined;
  });
  if (!device) throw linkInvalid();
  return device;
}
