import type { AttemptStatus } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { attemptWatchRow } from './attempts.repo.js';
import { finishAttempt, type MarkingDeps } from './attempt-core.js';
import { isOverdue } from './deadlines.js';
import { canWrite } from './writer.js';

/**
 * GET /api/attempts/:id/status: what an exam screen polls while the candidate is idle, so a device
 * learns soon that another device took the attempt over or that it was submitted (docs/PRODUCT.md
 * §8.7). One read of the attempt's row by primary key; an open attempt past its end and grace is
 * submitted first, as every other read of an attempt does, so the answer never shows an attempt
 * open that no save would be accepted to.
 */
export async function attemptStatus(deps: MarkingDeps, attemptId: string, userId: string, deviceId: string | null): Promise<AttemptStatus> {
  let row = await attemptWatchRow(deps.db, attemptId);
  if (!row || row.user_id !== userId || row.behaviour !== 'timed') throw notFound('Attempt not found');
  const endsAt = row.ends_at === null ? null : Number(row.ends_at);
  if (row.status === 'open' && isOverdue({ endsAt, graceMs: row.grace_ms }, deps.clock.now())) {
    await finishAttempt(deps, attemptId, 'server');
    row = (await attemptWatchRow(deps.db, attemptId))!;
  }
  return {
    status: row.status,
    writer: canWrite(row.device_id, deviceId) ? 'this' : 'other',
    submittedBy: row.submitted_by,
    submittedAt: row.submitted_at === null ? null : toIso(Number(row.submitted_at)),
    endsAt: endsAt === null ? null : toIso(endsAt),
    serverTime: toIso(deps.clock.now()),
  };
}
