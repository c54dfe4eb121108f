import type { ItemStats } from '@abhyas/contracts';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { plainExcerpt } from '../../lib/markdown/markdown.js';
import { questionsForDelivery, type VersionRef } from '../questions/questions.service.js';
import { parseChoice } from './attempts.dto.js';
import { answerLinesOf, rankedSubmittedAttempts, rankedSubmittedFigures } from './test-item-stats.repo.js';
import { computeItemStatsInSlices, ITEM_STATS_MIN_ATTEMPTS, type ItemStatsAttempt, type ItemStatsAttemptQuestion, type ItemStatsQuestion } from './item-stats.js';

/**
 * The editors' item analysis of a test (docs/PRODUCT.md §8.7): its submitted first attempts read from
 * the database and handed to the pure computation (`item-stats.ts`), kept per process for large tests.
 */
type Deps = { db: Db; clock: Clock };

const LABEL_MAX = 120;
const OPTION_LABEL_MAX = 80;

/**
 * From this many submitted first attempts, a test's item statistics are kept per process and
 * answered again while nothing they depend on has changed (see `testItemStats`).
 */
export const ITEM_STATS_CACHE_FROM = 2_000;
/** Attempts whose answers one statement reads; other requests are served between two reads. */
const ITEM_STATS_ATTEMPTS_PER_READ = 200;
/** Tests whose item statistics one process keeps, the least recently asked for dropped first. */
const ITEM_STATS_CACHED_TESTS = 32;

/** Item statistics as computed, with what tells whether they still stand. */
type ComputedItemStats = {
  /** The count of submitted first attempts and the latest submission time they were computed from. */
  key: string;
  questionIds: VersionRef[];
  /** A digest of the questions' text and keys as the bank held them. */
  fingerprint: string;
  result: ItemStats;
};
const keptItemStats = new Map<string, ComputedItemStats>();
const runningItemStats = new Map<string, { key: string; promise: Promise<ComputedItemStats> }>();

const attemptsKey = (count: number, latestSubmittedAt: number | null) => `${count}:${latestSubmittedAt ?? ''}`;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const notEnoughAttempts = (attempts: number): ItemStats => ({
  status: 'notEnoughAttempts',
  attempts,
  minimumAttempts: ITEM_STATS_MIN_ATTEMPTS,
  message: `Not enough attempts yet: item statistics need ${ITEM_STATS_MIN_ATTEMPTS} submitted first attempts, and this test has ${attempts}`,
});

/**
 * The questions as item analysis names them: a short stem, and each option's text and key, at the
 * newest version the attempts took (each attempt's marks are those of the version it was given).
 */
async function itemStatsQuestions(deps: Deps, testId: string, refs: VersionRef[]): Promise<{ questions: ItemStatsQuestion[]; fingerprint: string }> {
  const bank = await questionsForDelivery(deps, refs, { testId });
  const questions = refs.map(({ id }): ItemStatsQuestion => {
    const q = bank.get(id);
    return {
      questionId: id,
      label: q ? plainExcerpt(q.stem, LABEL_MAX) : '',
      options: (q?.options ?? []).map((o, position) => ({ position, correct: o.fraction > 0, label: plainExcerpt(o.text, OPTION_LABEL_MAX) })),
    };
  });
  // A key decision re-marks the attempts: the figures from before it no longer stand.
  const decisions = refs.map(({ id }) => bank.get(id)?.decision?.id ?? '');
  return { questions, fingerprint: createHash('sha256').update(JSON.stringify([questions, decisions])).digest('base64url') };
}


/** One attempt as read, each question with the section it was in, before slots are given. */
type ReadAttempt = { attemptId: string; totalMark: number; questions: (ItemStatsAttemptQuestion & { section: number })[] };

/**
 * Gives each question of each attempt its slot, the place in the test whose marks the test
 * statistics add up (Moodle's quiz statistics are per slot). The attempts alone tell the places, so a
 * test edited between attempts is read as each attempt had it:
 * - a question every attempt contains is its own slot, wherever a shuffle showed it: a fixed list's
 *   question (or one a blueprint always draws);
 * - the other questions of a section fill its drawn places, in the order the attempt lists them. A
 *   blueprint that draws 5 of 15 questions gives 5 slots, each filled in every attempt. Unshuffled,
 *   each place belongs to one rule, as Moodle's random slots do; with shuffled questions the places of
 *   a section's several rules are taken in the order shown, which mixes those rules in one place.
 */
function withSlots(read: readonly ReadAttempt[]): ItemStatsAttempt[] {
  const presence = new Map<string, number>();
  for (const attempt of read) {
    for (const id of new Set(attempt.questions.map((q) => q.questionId))) presence.set(id, (presence.get(id) ?? 0) + 1);
  }
  return read.map((attempt) => {
    const drawnPlaces = new Map<number, number>();
    return {
      attemptId: attempt.attemptId,
      totalMark: attempt.totalMark,
      questions: attempt.questions.map(({ section, ...q }) => {
        if (presence.get(q.questionId) === read.length) return { ...q, slot: `question:${q.questionId}` };
        const place = drawnPlaces.get(section) ?? 0;
        drawnPlaces.set(section, place + 1);
        return { ...q, slot: `section:${section}:${place}` };
      }),
    };
  });
}

/**
 * Reads the submitted first attempts a few hundred at a time and computes their statistics in
 * slices (`computeItemStatsInSlices`), letting other requests run in between: a test with
 * thousands of attempts never holds the server up for long.
 */
async function computeTestItemStats(deps: Deps, testId: string): Promise<ComputedItemStats> {
  const ranked = await rankedSubmittedAttempts(deps.db, testId);
  const latest = ranked.reduce<number | null>((max, a) => (a.submitted_at === null ? max : Math.max(max ?? -Infinity, Number(a.submitted_at))), null);
  const key = attemptsKey(ranked.length, latest);
  if (ranked.length < ITEM_STATS_MIN_ATTEMPTS) return { key, questionIds: [], fingerprint: '', result: notEnoughAttempts(ranked.length) };

  const firstSeen = new Map<string, { section: number; order: number; version: number }>();
  const read: ReadAttempt[] = [];
  for (let from = 0; from < ranked.length; from += ITEM_STATS_ATTEMPTS_PER_READ) {
    const slice = ranked.slice(from, from + ITEM_STATS_ATTEMPTS_PER_READ);
    const byId = new Map(slice.map((a): [string, ReadAttempt] => [a.id, { attemptId: a.id, totalMark: Number(a.score ?? 0), questions: [] }]));
    for (const line of await answerLinesOf(deps.db, slice.map((a) => a.id))) {
      const seen = firstSeen.get(line.question_id);
      if (!seen) firstSeen.set(line.question_id, { section: line.section_index, order: firstSeen.size, version: line.question_version });
      else if (line.question_version > seen.version) seen.version = line.question_version;
      const counted = line.outcome !== null && line.outcome !== 'unattempted';
      byId.get(line.attempt_id)?.questions.push({
        questionId: line.question_id,
        section: line.section_index,
        mark: Number(line.mark ?? 0),
        maxMark: line.marks,
        minMark: -line.negative_marks,
        chosenOptions: counted && line.choice ? parseChoice(line.choice) : [],
      });
    }
    read.push(...byId.values());
    await nextTurn();
  }
  const questionIds = [...firstSeen.entries()].sort(([, a], [, b]) => a.section - b.section || a.order - b.order).map(([id, { version }]) => ({ id, version }));
  const { questions, fingerprint } = await itemStatsQuestions(deps, testId, questionIds);
  const result = await computeItemStatsInSlices({ questions, attempts: withSlots(read) });
  return {
    key,
    questionIds,
    fingerprint,
    result: result.status === 'notEnoughAttempts' ? notEnoughAttempts(result.attempts) : result,
  };
}

/**
 * A test's item statistics over its submitted first attempts (Moodle's quiz statistics), once there
 * are enough of them; before that, how many there are. Questions are listed by section, in the order
 * candidates first met them; options in bank order. The caller answers for the test existing (the
 * papers module, whose paper it is).
 *
 * From `ITEM_STATS_CACHE_FROM` attempts (`cacheFrom` in tests) the statistics are derived data kept
 * in this process, per test: they are answered again while the count of submitted first attempts,
 * the latest submission time and the questions' text and keys are unchanged, and computed once for
 * editors asking at the same moment. Each process keeps its own; nothing needs sharing, as any
 * process computes the same figures from the database.
 */
export async function testItemStats(deps: Deps & { cacheFrom?: number }, testId: string): Promise<ItemStats> {
  const { count, latestSubmittedAt } = await rankedSubmittedFigures(deps.db, testId);
  if (count < ITEM_STATS_MIN_ATTEMPTS) return notEnoughAttempts(count);
  if (count < (deps.cacheFrom ?? ITEM_STATS_CACHE_FROM)) return (await computeTestItemStats(deps, testId)).result;

  const key = attemptsKey(count, latestSubmittedAt);
  const kept = keptItemStats.get(testId);
  if (kept?.key === key && (await itemStatsQuestions(deps, testId, kept.questionIds)).fingerprint === kept.fingerprint) {
    keptItemStats.delete(testId);
    keptItemStats.set(testId, kept);
    return kept.result;
  }
  let running = runningItemStats.get(testId);
  if (running?.key !== key) {
    const promise = computeTestItemStats(deps, testId).then((computed) => {
      keptItemStats.delete(testId);
      keptItemStats.set(testId, computed);
      for (const oldest of keptItemStats.keys()) {
        if (keptItemStats.size <= ITEM_STATS_CACHED_TESTS) break;
        keptItemStats.delete(oldest);
      }
      return computed;
    });
    running = { key, promise };
    runningItemStats.set(testId, running);
  }
  try {
    return (await running.promise).result;
  } finally {
    if (runningItemStats.get(testId) === running) runningItemStats.delete(testId);
  }
}
