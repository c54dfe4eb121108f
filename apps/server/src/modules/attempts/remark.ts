import type { Executor } from '../../db/index.js';
import { questionsForDelivery, type DeliveryQuestion } from '../questions/questions.service.js';
import { creditedBlank, type MarkingDeps } from './attempt-core.js';
import { parseChoice } from './attempts.dto.js';
import type { AnswerRow } from './attempts.repo.js';
import { parseLayout } from './layout.js';
import { markSaved, roundMarks, type Outcome } from './marking.js';
import { marked } from './practice-feedback.js';
import { answersTo, attemptsWithVersion, remarkRows, shiftQuestionStats, writeRemark, writeTotals, type RemarkRow } from './remark.repo.js';

/*
 * Re-marking after a key decision (docs/PRODUCT.md §8.10): every submitted attempt given the decided
 * version of the question (in one test, or in any) is marked again by the key now in force for it,
 * from the choice it stored; its score and counts, the test's per-question figures and the mistakes
 * shelf follow. Ranks, percentiles and item analysis are computed from the stored marks, so they
 * follow too. Each attempt is re-marked in one transaction with its totals; running it again changes
 * nothing, so a re-marking cut short is finished by running it again.
 */

/** Attempts re-marked in one transaction; between two, other requests are served. */
const REMARK_BATCH = 250;

export type RemarkTarget = { questionId: string; version: number; testId: string | null };
/** An attempt whose score the re-marking changed: its candidate is told. */
export type ScoreChange = { attemptId: string; userId: string; testId: string | null; behaviour: RemarkRow['behaviour']; number: number; from: number; to: number };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Remarked = { change: ScoreChange | null; outcome: Outcome | null };

/** Marks one attempt's answer again inside the batch's transaction; answers what changed. */
async function remarkOne(trx: Executor, row: RemarkRow, question: DeliveryQuestion, answers: ReadonlyMap<string, AnswerRow>, at: number): Promise<Remarked> {
  const layout = parseLayout(row.sections);
  const lq = layout.byId.get(question.id);
  if (!lq) return { change: null, outcome: null };
  const section = layout.sections[lq.sectionIndex]!;
  const answer = answers.get(row.id);
  const saved = answer ? { choice: parseChoice(answer.choice), markedForReview: answer.marked_for_review === 1 } : null;
  const next = markSaved(marked(question), saved, { marks: section.marks, negativeMarks: section.negativeMarks, markedAnsweredCounts: row.marked_answered_counts === 1 });
  const before = { mark: answer?.mark ?? 0, outcome: answer?.outcome ?? 'unattempted' };
  if (next.mark === before.mark && next.outcome === before.outcome) return { change: null, outcome: null };

  await writeRemark(trx, answer ? { ...answer, mark: next.mark, outcome: next.outcome } : creditedBlank(row.id, question.id, at, next), answer !== undefined);
  const count = (o: Outcome) => (next.outcome === o ? 1 : 0) - (before.outcome === o ? 1 : 0);
  const from = Number(row.score ?? 0);
  const to = roundMarks(from - before.mark + next.mark);
  await writeTotals(trx, row.id, {
    score: to,
    correct: (row.correct ?? 0) + count('correct'),
    wrong: (row.wrong ?? 0) + count('wrong'),
    partial: (row.partial ?? 0) + count('partial'),
    unattempted: (row.unattempted ?? 0) + count('unattempted'),
  });
  if (row.ranked === 1 && row.test_id && count('correct') !== 0) {
    await shiftQuestionStats(trx, row.test_id, question.id, count('correct'), count('correct') * Number(answer?.time_spent_ms ?? 0));
  }
  return {
    change: from === to ? null : { attemptId: row.id, userId: row.user_id, testId: row.test_id, behaviour: row.behaviour, number: lq.number, from, to },
    outcome: next.outcome,
  };
}

/**
 * Re-marks every submitted attempt given this version of the question (in the test, or in any when
 * `testId` is null), a batch at a time. Answers how many attempts were read and the scores changed.
 */
export async function remarkQuestion(deps: MarkingDeps, target: RemarkTarget): Promise<{ remarked: number; changes: ScoreChange[] }> {
  const ids = await attemptsWithVersion(deps.db, target);
  const changes: ScoreChange[] = [];
  const revised = new Map<string, { questionId: string; outcome: Outcome }[]>();
  const deliveries = new Map<string | null, DeliveryQuestion | undefined>();
  const deliveryFor = async (testId: string | null) => {
    if (!deliveries.has(testId)) deliveries.set(testId, (await questionsForDelivery(deps, [{ id: target.questionId, version: target.version }], { testId })).get(target.questionId));
    return deliveries.get(testId);
  };
  const testsTold = new Set<string>();
  for (let from = 0; from < ids.length; from += REMARK_BATCH) {
    const batch = ids.slice(from, from + REMARK_BATCH);
    const rows = await remarkRows(deps.db, batch);
    for (const testId of new Set(rows.map((r) => r.test_id))) await deliveryFor(testId);
    const at = deps.clock.now();
    await deps.db.transaction().execute(async (trx) => {
      const answers = await answersTo(trx, batch, target.questionId);
      for (const row of rows) {
        const question = deliveries.get(row.test_id);
        if (!question) continue;
        const { change, outcome } = await remarkOne(trx, row, question, answers, at);
        if (change) changes.push(change);
        if (outcome && outcome !== 'unattempted') revised.set(row.user_id, [...(revised.get(row.user_id) ?? []), { questionId: target.questionId, outcome }]);
        if (change?.testId) testsTold.add(change.testId);
      }
    });
    await nextTurn();
  }
  // The boards of the tests whose scores moved are rebuilt from the database.
  for (const change of changes) {
    if (change.testId && testsTold.delete(change.testId)) deps.events?.changed({ testId: change.testId, attemptId: change.attemptId, userId: change.userId, kind: 'submitted' });
  }
  const learning = deps.learning;
  if (learning?.reviseOutcomes) {
    const at = deps.clock.now();
    for (const [userId, outcomes] of revised) await learning.reviseOutcomes(userId, outcomes, at);
  }
  return { remarked: ids.length, changes };
}
