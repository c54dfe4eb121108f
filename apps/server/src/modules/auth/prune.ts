import { LIMITS } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import { pruneLoginAttempts } from './login-attempts.repo.js';
import { prunePasswordResets } from './password-resets.repo.js';
import { DEVICE_TTL_MS } from './trusted-devices.js';
import { pruneTrustedDevices } from './trusted-devices.repo.js';

// Reset links are kept an hour past their expiry: the per-account limit on reset mails counts them.
const RESET_KEPT_MS = 60 * 60 * 1000;

/** Drops sign-in records that no longer count: old attempts, devices past their lifetime, dead reset links. */
export async function pruneSignInRecords(db: Db, now: number): Promise<void> {
  await pruneLoginAttempts(db, now - LIMITS.loginFailureWindowMs);
  await pruneTrustedDevices(db, now - DEVICE_TTL_MS);
  await prunePasswordResets(db, now - RESET_KEPT_MS);
}
