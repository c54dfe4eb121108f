import type { Db } from '../../db/index.js';
import type { BackgroundJobs } from '../../lib/background.js';
import type { Clock } from '../../lib/clock.js';
import { validationFailed } from '../../lib/errors.js';
import { questionsForDelivery, type DeliveryQuestion } from '../questions/questions.service.js';
import { attemptNotFound } from './attempt-errors.js';
import { parseChoice } from './attempts.dto.js';
import { answerRows, attemptRow, claimAttempt, writeMarks, writeScore, type AnswerRow, type AttemptState } from './attempts.repo.js';
import { countIntoQuestionStats } from './test-figures.repo.js';
import type { AttemptRow } from './attempts.table.js';
import { isOverdue, sectionWindows, type Timing } from './deadlines.js';
import { parseLayout, type Layout } from './layout.js';
import { markSaved, roundMarks, type Outcome } from './marking.js';
import { lettersToPositions } from './option-order.js';
import type { PaperFacts, PaperPort } from './paper-port.js';
import { marked } from './practice-feedback.js';
import { openSpan } from './time-spent.js';

/*
 * The engine's core: what it is handed (its deps and ports), whose attempt it is, the clock of an
 * attempt, and the one claim that submits and marks it.
 */

/**
 * What the attempt engine asks of the learning features (mistakes and bookmarks), injected by the
 * app so that attempts never depend on them.
 */
export type Learning = {
  bookmarkedAmong(userId: string, questionIds: string[]): Promise<Set<string>>;
  /** Called once after a timed attempt is submitted, by the candidate or by the server. */
  recordOutcomes(userId: string, outcomes: { questionId: string; outcome: Outcome }[], at: number): Promise<void>;
  /** Called after a key decision re-marked answers: their new outcomes, for many candidates at once. */
  reviseOutcomes?(revisions: { userId: string; outcomes: { questionId: string; outcome: Outcome }[] }[], at: number): Promise<void>;
};

/**
 * Told, after the fact, of every accepted save and every submission of a timed attempt (the contests'
 * live leaderboard listens). Must return at once and never throw: the save path does not wait for it.
 */
export type AttemptEvents = {
  /** `by`: who closed the attempt, on its submission; absent when a re-marking changed a submitted attempt's score. */
  changed(e: { testId: string; attemptId: string; userId: string; kind: 'saved' | 'submitted'; by?: 'candidate' | 'server' }): void;
};

export type Core = { db: Db; clock: Clock; events?: AttemptEvents };
/** What closing and marking an attempt needs: the learning features hear of its outcomes, after the answer when there are jobs. */
export type MarkingDeps = Core & { learning?: Learning; jobs?: BackgroundJobs };
/** Core with the paper port: what shows an attempt beside its paper, and the key rule. */
export type PaperDeps = Core & { papers: PaperPort };
/** The engine as routes use it; `percentileFrom` is the ranked candidates a paper needs before results show a percentile (the contracts' default when absent). */
export type AttemptDeps = MarkingDeps & PaperDeps & { percentileFrom?: number; /** How long a contest's key may be challenged after its end (results provisional until then). */ challengeWindowMs?: number };

/** The clock of an attempt: its end, grace and locked sections' windows, with the compensatory time it started with. */
export function timingOf(row: Pick<AttemptState, 'started_at' | 'ends_at' | 'grace_ms' | 'locked_sections' | 'extra_minutes_per_hour'>, layout: Layout): Timing {
  const endsAt = row.ends_at === null ? null : Number(row.ends_at);
  const windows =
    row.locked_sections === 1 ? sectionWindows(Number(row.started_at), layout.sections.map((s) => s.timeLimitMinutes ?? 0), Number(row.extra_minutes_per_hour)) : null;
  return { endsAt, graceMs: row.grace_ms, windows };
}

/** The answer letters checked against what the question shows: positions in the bank, or a 400. */
export function chosenPositions(question: { type: DeliveryQuestion['type']; order: readonly number[] }, optionIds: readonly string[]): number[] {
  const positions = lettersToPositions(question.order, optionIds);
  if (!positions) throw validationFailed([{ field: 'optionIds', message: `This question has options A to ${String.fromCharCode(64 + question.order.length)} only` }]);
  if (question.type !== 'multiple' && positions.length > 1) throw validationFailed([{ field: 'optionIds', message: 'This question takes one answer' }]);
  return positions;
}

/** Tells the listener, if any, that a timed attempt on a test changed. */
export function tell(deps: Core, testId: string | null, p: { attemptId: string; userId: string }, kind: 'saved' | 'submitted', by?: 'candidate' | 'server') {
  if (!deps.events || !testId) return;
  const e = { testId, attemptId: p.attemptId, userId: p.userId, kind };
  deps.events.changed(by ? { ...e, by } : e);
}

/** The candidate's own timed attempt, or 404; one past its time is submitted first. */
export async function ownTimedAttempt(deps: MarkingDeps, attemptId: string, userId: string): Promise<AttemptRow> {
  const row = await attemptRow(deps.db, attemptId);
  if (!row || row.user_id !== userId || row.behaviour !== 'timed') throw attemptNotFound();
  if (row.status === 'open' && isOverdue({ endsAt: row.ends_at, graceMs: row.grace_ms }, deps.clock.now())) {
    await finishAttempt(deps, attemptId, 'server');
    return (await attemptRow(deps.db, attemptId))!;
  }
  return row;
}

/** The paper an attempt was on, as its owner now shows it; null for a practice session. */
export async function paperOf(deps: PaperDeps, testId: string | null): Promise<PaperFacts | null> {
  return testId ? ((await deps.papers.facts([testId])).get(testId) ?? null) : null;
}

/** The test an attempt names to the candidate; null when it has none (or it is gone). */
export const testOf = (testId: string | null, paper: PaperFacts | null) =>
  testId && paper ? { id: testId, slug: paper.slug, title: paper.title, contestSlug: paper.contestSlug, languages: paper.languages } : null;

/** The stored mark of a question left unanswered that earns marks all the same (a dropped question). */
export const creditedBlank = (attemptId: string, questionId: string, at: number, result: { mark: number; outcome: Outcome }): AnswerRow => ({
  attempt_id: attemptId,
  question_id: questionId,
  choice: '[]',
  marked_for_review: 0,
  confidence: null,
  seq: 0,
  saved_at: at,
  time_spent_ms: 0,
  mark: result.mark,
  outcome: result.outcome,
});

/**
 * Closes an open attempt and marks it, in one transaction that begins with the conditional update
 * deciding who closes it: whichever of the candidate, this process's sweeper or another process's
 * gets there first does the marking; the others find it closed and do nothing. Ranked attempts are
 * counted into the test's per-question figures. Answers whether this call closed it.
 */
export async function finishAttempt(deps: MarkingDeps, attemptId: string, by: 'candidate' | 'server'): Promise<boolean> {
  const now = deps.clock.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimAttempt(trx, attemptId, now, by))) return null;
    const row = (await attemptRow(trx, attemptId))!;
    const layout = parseLayout(row.sections);
    const [answers, questions] = await Promise.all([answerRows(trx, attemptId), questionsForDelivery({ db: trx }, layout.questions, { testId: row.test_id })]);
    const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
    const markedAnswers: AnswerRow[] = [];
    const lines = layout.questions.map((q) => {
      const section = layout.sections[q.sectionIndex]!;
      const answer = byQuestion.get(q.id);
      const result = markSaved(marked(questions.get(q.id)), answer ? { choice: parseChoice(answer.choice), markedForReview: answer.marked_for_review === 1 } : null, {
        marks: section.marks,
        negativeMarks: section.negativeMarks,
        markedAnsweredCounts: row.marked_answered_counts === 1,
      });
      if (answer) markedAnswers.push({ ...answer, mark: result.mark, outcome: result.outcome });
      // A question dropped from the key earns its marks unanswered too: its mark is kept like an answer's.
      else if (result.outcome !== 'unattempted') markedAnswers.push(creditedBlank(attemptId, q.id, now, result));
      return { questionId: q.id, marks: section.marks, timeSpentMs: Number(answer?.time_spent_ms ?? 0), ...result };
    });
    await writeMarks(trx, markedAnswers);
    const count = (o: Outcome) => lines.filter((l) => l.outcome === o).length;
    const score = lines.reduce((s, l) => s + l.mark, 0);
    await writeScore(trx, attemptId, {
      score: roundMarks(score),
      max_score: roundMarks(lines.reduce((s, l) => s + l.marks, 0)),
      correct: count('correct'),
      wrong: count('wrong'),
      partial: count('partial'),
      unattempted: count('unattempted'),
      time_spent_ms: Math.min(lines.reduce((s, l) => s + l.timeSpentMs, 0), openSpan(Number(row.started_at), row.ends_at === null ? null : Number(row.ends_at), now)),
      last_seq: answers.reduce((max, a) => Math.max(max, Number(a.seq)), Number(row.last_seq)),
    });
    if (row.ranked === 1 && row.test_id) await countIntoQuestionStats(trx, row.test_id, lines.map((l) => ({ questionId: l.questionId, correct: l.outcome === 'correct', timeMs: l.timeSpentMs })));
    return { userId: row.user_id, testId: row.test_id, outcomes: lines.map((l) => ({ questionId: l.questionId, outcome: l.outcome })) };
  });
  if (!done) return false;
  tell(deps, done.testId, { attemptId, userId: done.userId }, 'submitted', by);
  const learning = deps.learning;
  if (learning) {
    const record = () => learning.recordOutcomes(done.userId, done.outcomes, now);
    if (deps.jobs) deps.jobs.run('recording the outcomes of a submitted attempt', record);
    else await record();
  }
  return true;
}
