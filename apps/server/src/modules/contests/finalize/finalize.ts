import type { Prize } from '@abhyas/contracts';
import type { Db } from '../../../db/index.js';
import type { Clock } from '../../../lib/clock.js';
import { BY_SERVER, recordAudit } from '../../audit/audit.service.js';
import { contestAuditObject } from '../contests.dto.js';
import { findContestById } from '../contests.repo.js';
import { claimFinalization, contestsDue, lockRatings, ratingsOf, saveRating, writeEntryResult } from './finalize.repo.js';
import { boardEntries, contestForBoard } from '../board/leaderboard.repo.js';
import { boardContestOf, buildBoard, prizesOf } from '../board/leaderboard.js';
import { contestRatingChanges } from './rating.js';

/**
 * Past a contest's end by this much, and once no attempt at its paper is open, its results are
 * computed. Open attempts hold finalization for as long as the exam engine's grace and sweep take;
 * the margin covers a start that passed its check just before the end and is still being written.
 */
export const FINALIZE_AFTER_END_MS = 10_000;
const CONTESTS_PER_RUN = 20;

/** The prize for a rank: the first of the contest's prize lines covering it, in the order the editor gave them. */
export const prizeFor = (prizes: readonly Prize[], rank: number): Prize | null => prizes.find((p) => p.fromRank <= rank && rank <= p.toRank) ?? null;

/** The audit trail's record of a finalization, the server's own work: how many were ranked and how many won a prize. */
async function recordFinalized(trx: Db, clock: Clock, contestId: string, ranked: number, prizesAwarded: number): Promise<void> {
  const contest = await findContestById(trx, contestId);
  if (!contest) return;
  await recordAudit(trx, clock, BY_SERVER, { kind: 'contest.finalized', object: contestAuditObject(contest), before: { status: 'ended' }, after: { status: 'final', ranked, prizesAwarded } });
}

/**
 * Finalizes one contest inside `trx`, when this transaction wins the claim: final ranks (candidates
 * who submitted, in the board's order), prizes by rank, and the rating of each candidate who started
 * (Codeforces' method, tied score and time sharing a place), all written in the claiming
 * transaction with the record of it in the audit trail. Candidates who never started get no rank,
 * prize or rating.
 */
async function finalizeContest(trx: Db, clock: Clock, contestId: string, now: number, graceMs: number): Promise<boolean> {
  if (!(await claimFinalization(trx, contestId, now, graceMs))) return false;
  await lockRatings(trx);
  const row = await contestForBoard(trx, contestId);
  if (!row) return false;
  const contest = { ...boardContestOf(row), finalizedAt: null };
  const board = buildBoard(contest, await boardEntries(trx, contestId, null, now), { maxScore: null, now });
  const ranked = board.current.lines.filter((l) => l.state === 'submitted');
  if (ranked.length === 0) {
    await recordFinalized(trx, clock, contestId, 0, 0);
    return true;
  }

  // The rating's places: equal score and equal time taken are a tie.
  const places: number[] = [];
  ranked.forEach((l, i) => {
    const before = ranked[i - 1];
    places.push(before && before.score === l.score && before.timeTakenMs === l.timeTakenMs ? places[i - 1]! : i + 1);
  });
  const before = await ratingsOf(trx, ranked.map((l) => l.userId));
  const changes = contestRatingChanges(ranked.map((l, i) => ({ id: l.userId, rating: before.get(l.userId) ?? null, place: places[i]! })));
  const prizes = prizesOf(row.prizes);
  let prizesAwarded = 0;
  for (const [i, line] of ranked.entries()) {
    const change = changes[i]!;
    const prize = prizeFor(prizes, i + 1);
    if (prize) prizesAwarded += 1;
    await writeEntryResult(
      trx,
      line.entryId,
      { finalRank: i + 1, prize: prize ? JSON.stringify(prize) : null, ratingBefore: change.ratingBefore, ratingAfter: change.ratingAfter, performance: change.performance },
      now,
    );
    await saveRating(trx, line.userId, change.ratingAfter, now);
  }
  await recordFinalized(trx, clock, contestId, ranked.length, prizesAwarded);
  return true;
}

/**
 * Finalizes every contest that is due, each in its own transaction; safe in several processes at
 * once, as each contest is claimed by one of them. `finalized` hears each contest this call
 * finalized, after its transaction commits. Answers how many this call finalized.
 */
export async function finalizeEndedContests(
  deps: { db: Db; clock: Clock },
  hooks: { finalized?: (contestId: string) => void } = {},
  graceMs = FINALIZE_AFTER_END_MS,
): Promise<number> {
  let done = 0;
  for (const contestId of await contestsDue(deps.db, deps.clock.now(), graceMs, CONTESTS_PER_RUN)) {
    const now = deps.clock.now();
    const finalized = await deps.db.transaction().execute((trx) => finalizeContest(trx, deps.clock, contestId, now, graceMs));
    if (!finalized) continue;
    done += 1;
    hooks.finalized?.(contestId);
  }
  return done;
}
