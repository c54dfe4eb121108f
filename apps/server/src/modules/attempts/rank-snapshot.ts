import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { rankCounts, rankedScoreCounts } from './rank.repo.js';

/*
 * Rank, percentile, top and average among a test's ranked attempts, from a per-process snapshot of
 * the test's score distribution (each distinct score with how many attempts have it), so a result
 * reads no index range of its own. Derived data: each process reads its own snapshot from the
 * database, at most every RANK_FRESH_MS per test (one read at a time, the others waiting for it),
 * so a result counts every ranked score stored at least RANK_FRESH_MS before it is read
 * (docs/PRODUCT.md §8.7). Nothing is written to keep it: a submission touches no shared row.
 *
 * The candidate's own attempt is always counted: a snapshot read SETTLED_MS or more after the
 * attempt's submission holds it; until then the candidate's rank and percentile come from the two
 * exact counts instead, and the top is never below their own score. A re-marking drops the
 * snapshots of its tests in the process that ran it (`forgetRanks`); other processes read theirs
 * again within RANK_FRESH_MS.
 */

export const RANK_FRESH_MS = 2_000;
/**
 * Longer than a submission's transaction takes from its stamp to its commit, plus the clocks of two
 * processes apart: a snapshot read that long after an attempt's `submitted_at` has it.
 */
const SETTLED_MS = 30_000;
const KEPT_TESTS = 500;

type Snapshot = {
  /** On the engine's clock, when the read began. */
  takenAt: number;
  /** Distinct scores, lowest first, and how many attempts score at most each. */
  scores: number[];
  atOrBelow: number[];
  candidates: number;
  top: number | null;
  average: number | null;
};

type Slot = { snapshot: Snapshot | null; reading: Promise<Snapshot> | null };

/** Per database handle, as each process has its own: tests opening a second handle see a second process. */
const byDb = new WeakMap<Db, Map<string, Slot>>();

function slotsOf(db: Db): Map<string, Slot> {
  let slots = byDb.get(db);
  if (!slots) byDb.set(db, (slots = new Map()));
  return slots;
}

async function read(db: Db, testId: string, takenAt: number): Promise<Snapshot> {
  const rows = await rankedScoreCounts(db, testId);
  const scores: number[] = [];
  const atOrBelow: number[] = [];
  let candidates = 0;
  let sum = 0;
  for (const { score, n } of rows) {
    candidates += n;
    sum += score * n;
    scores.push(score);
    atOrBelow.push(candidates);
  }
  return { takenAt, scores, atOrBelow, candidates, top: scores.at(-1) ?? null, average: candidates === 0 ? null : sum / candidates };
}

/** The test's snapshot, read again when it is older than RANK_FRESH_MS (or from the clock's future). */
async function snapshotOf(deps: { db: Db; clock: Clock }, testId: string): Promise<Snapshot> {
  const slots = slotsOf(deps.db);
  let slot = slots.get(testId);
  const now = deps.clock.now();
  if (slot?.snapshot && now >= slot.snapshot.takenAt && now - slot.snapshot.takenAt < RANK_FRESH_MS) return slot.snapshot;
  if (!slot) {
    if (slots.size >= KEPT_TESTS) slots.delete(slots.keys().next().value as string);
    slot = { snapshot: null, reading: null };
    slots.set(testId, slot);
  }
  const own = slot;
  own.reading ??= read(deps.db, testId, now)
    .then((snapshot) => (own.snapshot = snapshot))
    .finally(() => {
      own.reading = null;
    });
  return own.reading;
}

/** How many in the snapshot score more than `score`, and how many the same or less (binary search). */
function countsIn(s: Snapshot, score: number): { above: number; atOrBelow: number } {
  let low = 0;
  let high = s.scores.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (s.scores[mid]! <= score) low = mid + 1;
    else high = mid;
  }
  const atOrBelow = low === 0 ? 0 : s.atOrBelow[low - 1]!;
  return { above: s.candidates - atOrBelow, atOrBelow };
}

export type RankStanding = {
  above: number;
  atOrBelow: number;
  top: number | null;
  average: number | null;
  /** The snapshot's own candidates, top and average: what figures derived from all of them are kept against. */
  snapshot: { candidates: number; top: number | null; average: number | null };
};

/** Where a ranked attempt's score stands among the test's ranked attempts, with their top and average. */
export async function rankStanding(deps: { db: Db; clock: Clock }, testId: string, own: { score: number; submittedAt: number }): Promise<RankStanding> {
  const s = await snapshotOf(deps, testId);
  const snapshot = { candidates: s.candidates, top: s.top, average: s.average };
  if (own.submittedAt + SETTLED_MS <= s.takenAt) return { ...countsIn(s, own.score), top: s.top, average: s.average, snapshot };
  const exact = await rankCounts(deps.db, testId, own.score);
  // An empty snapshot was read before the attempt was stored: the attempt is the only one it misses.
  if (s.candidates === 0) return { ...exact, top: own.score, average: own.score, snapshot };
  return { ...exact, top: Math.max(s.top!, own.score), average: s.average, snapshot };
}

/** Drops this process's snapshots of the tests whose scores a re-marking changed: the next result reads them again. */
export function forgetRanks(db: Db, testIds: Iterable<string>): void {
  const slots = byDb.get(db);
  if (!slots) return;
  for (const testId of testIds) slots.delete(testId);
}
