import type { Attempt, QuestionLanguage } from '@abhyas/contracts';
import { AppError, conflict } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { beginTimedAttempt, finishAttempt, getAttempt, questionsSealedElsewhere } from '../../attempts/attempts.service.js';
import { keepTestKeySealed, testForContest } from '../../papers/papers.service.js';
import { contestNotFound } from '../views/contest-views.js';
import type { ContestPlayDeps } from '../contests.deps.js';
import { findEntry, setEntryAttempt } from '../contest-entries.repo.js';
import { findContestById } from '../contests.repo.js';
import type { ContestRow } from '../contests.table.js';
import { contestBound, latestEnd } from './compensatory-time.js';

const notJoined = () => new AppError('NOT_JOINED', 409, 'Join the contest to take part');

/** A contest's own attempt starts within the contest and ends with it at the latest, or past it by its compensatory share. */
const boundedBy = (attempt: Attempt, row: ContestRow, paperMinutes: number) =>
  Date.parse(attempt.startedAt) >= Number(row.starts_at) && attempt.endsAt !== null && Date.parse(attempt.endsAt) <= latestEnd(row, paperMinutes, attempt.extraMinutesPerHour);

/**
 * An attempt running past the contest's end with compensatory time keeps the paper's key sealed until
 * it ends (docs/PRODUCT.md §8.11): nobody sees the key while an entrant still writes. Asked again on
 * every entry, so a seal missed once is made good on the candidate's next visit.
 */
async function sealWhileWriting(deps: ContestPlayDeps, row: ContestRow, attempt: Attempt): Promise<void> {
  const endsAt = attempt.endsAt === null ? null : Date.parse(attempt.endsAt);
  if (endsAt !== null && endsAt > Number(row.ends_at)) await keepTestKeySealed(deps, row.test_id, endsAt);
}

/**
 * POST /api/contests/:id/attempt: a joined candidate's contest attempt on the exam engine, from the
 * start until the end of the contest (the attempt ends with the contest at the latest, or past it by
 * the candidate's compensatory share: compensatory-time.ts). Starting again answers the same attempt.
 *
 * The engine answers a candidate's open attempt at the same test instead of starting one; a contest
 * takes only its own. An open attempt that began before the contest (a mock attempt at the test
 * before it became a contest's paper) is submitted, as the server submits an overdue one, and the
 * contest's attempt starts fresh. The test's own limit on
 * attempts does not apply: the entry is what allows one attempt (docs/PRODUCT.md §8.8).
 */
export async function startContestAttempt(
  deps: ContestPlayDeps,
  contestId: string,
  userId: string,
  deviceId: string | null,
  /** The candidate's language, read in if the paper offers it. */
  language?: QuestionLanguage,
): Promise<{ attempt: Attempt; created: boolean }> {
  const row = await findContestById(deps.db, contestId);
  if (!row || row.status === 'draft') throw contestNotFound();
  const entry = await findEntry(deps.db, contestId, userId);
  if (entry?.status !== 'confirmed') throw notJoined();
  const now = deps.clock.now();
  if (row.status === 'cancelled') throw new AppError('CONTEST_NOT_OPEN', 409, `This contest was cancelled: ${row.cancel_reason ?? 'no reason was given'}`);
  if (now < Number(row.starts_at)) throw new AppError('CONTEST_NOT_OPEN', 409, 'The contest has not started yet');
  if (entry.attempt_id) {
    const attempt = await getAttempt(deps.exam, entry.attempt_id, userId, deviceId);
    await sealWhileWriting(deps, row, attempt);
    return { attempt, created: false };
  }
  if (now >= Number(row.ends_at)) throw new AppError('ATTEMPT_CLOSED', 409, 'The contest has ended');

  const seed = newId();
  const paper = await testForContest(deps, row.test_id, seed, (testId) => questionsSealedElsewhere(deps.exam, testId, now));
  if (!paper) throw conflict('The contest’s paper is missing; the editors have been told', 'CONFLICT');
  const test = { ...paper, attemptsAllowed: null };
  // Twice at most: a stray attempt answered by the engine is closed and the start tried again.
  for (let round = 0; round < 2; round += 1) {
    const { id, created, questions } = await beginTimedAttempt(deps.exam, { test, seed, userId, deviceId, endsBy: contestBound(row), language });
    const attempt = await getAttempt(deps.exam, id, userId, deviceId, questions);
    if (!created && !boundedBy(attempt, row, test.durationMinutes)) {
      if (attempt.status === 'open') await finishAttempt(deps.exam, id, 'server');
      continue;
    }
    await sealWhileWriting(deps, row, attempt);
    await setEntryAttempt(deps.db, entry.id, id, now);
    if (created) deps.announce?.(contestId);
    return { attempt, created };
  }
  throw conflict('Another attempt at this paper is still open; try again in a moment');
}
