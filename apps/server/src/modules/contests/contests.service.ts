import type { Attempt, Contest, ContestList } from '@abhyas/contracts';
import { AppError, conflict } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { beginTimedAttempt, getAttempt, questionsSealedElsewhere } from '../attempts/attempts.service.js';
import { testForContest } from '../tests/tests.service.js';
import { contestNotFound, viewOf, viewsOf } from './contest-views.js';
import type { ContestPlayDeps, ContestsDeps, Core } from './contests.deps.js';
import { clockText } from './contests.dto.js';
import { findContestById, findContestBySlug, findEntry, joinedOpenContestRows, pastContestRows, setEntryAttempt, upcomingContestRows } from './contests.repo.js';
import type { ContestRow } from './contests.table.js';

export type { ContestAdminDeps, ContestPayments, ContestPlayDeps, ContestsDeps } from './contests.deps.js';
export { enterDirectly, entryFulfilment, joinContest, releaseExpiredHolds } from './contest-entries.js';
export { cancelContest, createContest, deleteContest, getAdminContest, listAdminContests, updateContest } from './contest-editing.js';

const PAST_SHOWN = 20;

// ---------------------------------------------------------------------------------------------
// Candidates' views

/**
 * GET /api/contests: for a signed-in candidate, `live` holds the contests they joined that are not
 * final, `upcoming` the open ones they have not joined (a pending paid entry stays there, showing
 * its hold); anonymous callers see every upcoming contest and no live ones. `past` is the latest
 * finished or cancelled contests for everyone.
 */
export async function listContests(deps: ContestsDeps, userId: string | null): Promise<ContestList> {
  const now = deps.clock.now();
  const [upcoming, past, live] = await Promise.all([
    upcomingContestRows(deps.db, now),
    pastContestRows(deps.db, now, PAST_SHOWN),
    userId ? joinedOpenContestRows(deps.db, userId) : Promise.resolve([]),
  ]);
  const joined = new Set(live.map((r) => r.id));
  const open = upcoming.filter((r) => !joined.has(r.id));
  const views = await viewsOf(deps, [...open, ...live, ...past], userId);
  const pick = (rows: ContestRow[]) => rows.map((r) => views.get(r.id)!);
  return { upcoming: pick(open), live: pick(live), past: pick(past) };
}

/** The id of the contest with this slug, whatever its status. */
export async function contestIdBySlug(deps: Core, slug: string): Promise<string | undefined> {
  return (await findContestBySlug(deps.db, slug))?.id;
}

/** One contest by id or slug; drafts only for editors. */
export async function getContest(deps: ContestsDeps, idOrSlug: string, viewer: { userId: string; editor: boolean } | null): Promise<Contest> {
  const row = (await findContestById(deps.db, idOrSlug)) ?? (await findContestBySlug(deps.db, idOrSlug));
  if (!row || (row.status === 'draft' && !viewer?.editor)) throw contestNotFound();
  return viewOf(deps, row, viewer?.userId ?? null);
}

// ---------------------------------------------------------------------------------------------
// Playing

const notJoined = () => new AppError('NOT_JOINED', 409, 'Join the contest to take part');

/**
 * POST /api/contests/:id/attempt: a joined candidate's contest attempt on the exam engine, from the
 * start until the end of the contest (the attempt ends with the contest at the latest). Starting
 * again answers the same attempt.
 */
export async function startContestAttempt(deps: ContestPlayDeps, contestId: string, userId: string, deviceId: string | null): Promise<{ attempt: Attempt; created: boolean }> {
  const row = await findContestById(deps.db, contestId);
  if (!row || row.status === 'draft') throw contestNotFound();
  const entry = await findEntry(deps.db, contestId, userId);
  if (entry?.status !== 'confirmed') throw notJoined();
  const now = deps.clock.now();
  if (row.status === 'cancelled') throw new AppError('CONTEST_NOT_OPEN', 409, `This contest was cancelled: ${row.cancel_reason ?? 'no reason was given'}`);
  if (now < Number(row.starts_at)) throw new AppError('CONTEST_NOT_OPEN', 409, `The contest opens at ${clockText(Number(row.starts_at))}`);
  if (entry.attempt_id) return { attempt: await getAttempt(deps.exam, entry.attempt_id, userId, deviceId), created: false };
  if (now >= Number(row.ends_at)) throw new AppError('ATTEMPT_CLOSED', 409, 'The contest has ended');

  const seed = newId();
  const test = await testForContest(deps, row.test_id, seed, (testId) => questionsSealedElsewhere(deps, testId, now));
  if (!test) throw conflict('The contest’s paper is missing; the editors have been told', 'CONFLICT');
  const { id, created } = await beginTimedAttempt(deps.exam, { test, seed, userId, deviceId, endsBy: Number(row.ends_at) });
  await setEntryAttempt(deps.db, entry.id, id, now);
  if (created) deps.announce?.(contestId);
  return { attempt: await getAttempt(deps.exam, id, userId, deviceId), created };
}
