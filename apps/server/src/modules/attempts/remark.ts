import type { Executor } from '../../db/index.js';
import { questionsForDelivery, type DeliveryQuestion } from '../questions/questions.service.js';
import { creditedBlank, type MarkingDeps } from './attempt-core.js';
import { parseChoice } from './attempts.dto.js';
import { writeMarks, type AnswerRow } from './attempts.repo.js';
import { markSaved, roundMarks, type Outcome } from './marking.js';
import { marked } from './practice-feedback.js';
import { forgetRanks } from './rank-snapshot.js';
import { answersTo, attemptsGiven, remarkRows, runsOnTheLoop, shiftQuestionStats, submittedAmong, writeTotals, type RemarkRow, type Totals } from './remark.repo.js';

/*
 * Re-marking after a key decision (docs/PRODUCT.md §8.10): every submitted attempt given the decided
 * version of the question (in one test, or in any) is marked again by the key now in force for it,
 * from the choice it stored; its score and counts, the test's per-question figures and the mistakes
 * shelf follow. Ranks, percentiles and item analysis are computed from the stored marks, so they
 * follow too. Attempts are re-marked a batch at a time, each batch in one transaction with its totals
 * and written in a few statements whatever its size; running it again changes nothing, so a
 * re-marking cut short is finished by running it again.
 */

/**
 * Attempts re-marked in one transaction; between two, other requests are served. On SQLite every
 * statement runs on the event loop's thread, so a transaction holds all other requests for its whole
 * length (a fraction of a millisecond an attempt) and batches are kept short; on PostgreSQL the loop is free while
 * a statement runs and a batch costs its round trips, so batches are longer.
 */
const REMARK_BATCH = { onTheLoop: 50, elsewhere: 250 };
/** Attempts whose state is read in one statement while the attempts to re-mark are found. */
const IDS_PER_READ = 500;

export type RemarkTarget = { questionId: string; version: number; testId: string | null };
/** An attempt whose score the re-marking changed: its candidate is told. */
export type ScoreChange = { attemptId: string; userId: string; testId: string | null; behaviour: RemarkRow['behaviour']; number: number; from: number; to: number };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What re-marking one attempt's answer changes, or null when its mark and outcome stand. */
type Remarked = { answer: AnswerRow; totals: Totals; change: ScoreChange | null; outcome: Outcome; correctShift: number; timeMs: number };

function remarkOne(row: RemarkRow, question: DeliveryQuestion, answer: AnswerRow | undefined, at: number): Remarked | null {
  const saved = answer ? { choice: parseChoice(answer.choice), markedForReview: answer.marked_for_review === 1 } : null;
  const next = markSaved(marked(question), saved, { marks: row.marks, negativeMarks: row.negative_marks, markedAnsweredCounts: row.marked_answered_counts === 1 });
  const before = { mark: answer?.mark ?? 0, outcome: answer?.outcome ?? 'unattempted' };
  if (next.mark === before.mark && next.outcome === before.outcome) return null;

  const count = (o: Outcome) => (next.outcome === o ? 1 : 0) - (before.outcome === o ? 1 : 0);
  const from = Number(row.score ?? 0);
  const to = roundMarks(from - before.mark + next.mark);
  return {
    answer: answer ? { ...answer, mark: next.mark, outcome: next.outcome } : creditedBlank(row.id, question.id, at, next),
    totals: {
      score: to,
      correct: (row.correct ?? 0) + count('correct'),
      wrong: (row.wrong ?? 0) + count('wrong'),
      partial: (row.partial ?? 0) + count('partial'),
      unattempted: (row.unattempted ?? 0) + count('unattempted'),
    },
    change: from === to ? null : { attemptId: row.id, userId: row.user_id, testId: row.test_id, behaviour: row.behaviour, number: row.position + 1, from, to },
    outcome: next.outcome,
    correctShift: row.ranked === 1 && row.test_id ? count('correct') : 0,
    timeMs: Number(answer?.time_spent_ms ?? 0),
  };
}

/**
 * Re-marks one batch of attempts in one transaction: their answers to the question, their totals and
 * their tests' per-question figures, each written for the whole batch at once.
 */
async function remarkBatch(trx: Executor, ids: readonly string[], questionId: string, deliveries: ReadonlyMap<string | null, DeliveryQuestion | undefined>, at: number): Promise<{ row: RemarkRow; remarked: Remarked }[]> {
  const rows = await remarkRows(trx, ids, questionId);
  const answers = await answersTo(trx, ids, questionId);
  const done: { row: RemarkRow; remarked: Remarked }[] = [];
  for (const row of rows) {
    const question = deliveries.get(row.test_id);
    const remarked = question ? remarkOne(row, question, answers.get(row.id), at) : null;
    if (remarked) done.push({ row, remarked });
  }
  await writeMarks(
    trx,
    done.map((d) => d.remarked.answer),
  );
  await writeTotals(
    trx,
    done.map((d) => ({ id: d.row.id, totals: d.remarked.totals })),
  );
  const shifts = new Map<string, { correct: number; timeMs: number }>();
  for (const { row, remarked } of done) {
    if (remarked.correctShift === 0 || !row.test_id) continue;
    const shift = shifts.get(row.test_id) ?? { correct: 0, timeMs: 0 };
    shift.correct += remarked.correctShift;
    shift.timeMs += remarked.correctShift * remarked.timeMs;
    shifts.set(row.test_id, shift);
  }
  for (const [testId, shift] of [...shifts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (shift.correct !== 0 || shift.timeMs !== 0) await shiftQuestionStats(trx, testId, questionId, shift.correct, shift.timeMs);
  }
  return done;
}

/** Candidates whose answers the learning features are told of in one call, between which other requests are served. */
const REVISE_BATCH = 500;

/**
 * Re-marks every submitted attempt given this version of the question (in the test, or in any when
 * `testId` is null), a batch at a time. Answers how many attempts were read and the scores changed.
 */
export async function remarkQuestion(deps: MarkingDeps, target: RemarkTarget): Promise<{ remarked: number; changes: ScoreChange[] }> {
  // Every read below is followed by a turn of the event loop, since on SQLite each holds it while it runs.
  await nextTurn();
  const given = await attemptsGiven(deps.db, target);
  await nextTurn();
  const attempts: { id: string; test_id: string | null }[] = [];
  for (let from = 0; from < given.length; from += IDS_PER_READ) {
    attempts.push(...(await submittedAmong(deps.db, given.slice(from, from + IDS_PER_READ), target.testId)));
    await nextTurn();
  }
  const deliveries = new Map<string | null, DeliveryQuestion | undefined>();
  for (const testId of new Set(attempts.map((a) => a.test_id))) {
    deliveries.set(testId, (await questionsForDelivery(deps, [{ id: target.questionId, version: target.version }], { testId })).get(target.questionId));
  }
  const ids = attempts.map((a) => a.id);
  const changes: ScoreChange[] = [];
  const revised = new Map<string, { questionId: string; outcome: Outcome }[]>();
  const testsTold = new Set<string>();
  const batchSize = runsOnTheLoop(deps.db) ? REMARK_BATCH.onTheLoop : REMARK_BATCH.elsewhere;
  for (let from = 0; from < ids.length; from += batchSize) {
    const batch = ids.slice(from, from + batchSize);
    const at = deps.clock.now();
    const done = await deps.db.transaction().execute((trx) => remarkBatch(trx, batch, target.questionId, deliveries, at));
    for (const { row, remarked } of done) {
      if (remarked.change) changes.push(remarked.change);
      if (remarked.outcome !== 'unattempted') revised.set(row.user_id, [...(revised.get(row.user_id) ?? []), { questionId: target.questionId, outcome: remarked.outcome }]);
      if (remarked.change?.testId) testsTold.add(remarked.change.testId);
    }
    await nextTurn();
  }
  // This process's ranks of the tests whose scores moved are read again at once; the boards are rebuilt from the database.
  forgetRanks(deps.db, new Set(changes.flatMap((c) => (c.testId ? [c.testId] : []))));
  for (const change of changes) {
    if (change.testId && testsTold.delete(change.testId)) deps.events?.changed({ testId: change.testId, attemptId: change.attemptId, userId: change.userId, kind: 'submitted' });
  }
  const learning = deps.learning;
  if (learning?.reviseOutcomes) {
    const at = deps.clock.now();
    const users = [...revised].map(([userId, outcomes]) => ({ userId, outcomes }));
    for (let from = 0; from < users.length; from += REVISE_BATCH) {
      await learning.reviseOutcomes(users.slice(from, from + REVISE_BATCH), at);
      await nextTurn();
    }
  }
  return { remarked: ids.length, changes };
}
