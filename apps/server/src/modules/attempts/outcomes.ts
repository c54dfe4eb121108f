import { EXAM_LIMITS, type AttemptResult, type MyAttempt, type ReviewQuestion } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import { AppError, conflict } from '../../lib/errors.js';
import { DEFAULT_CHALLENGE_WINDOW_MS, resultsProvisional } from '../../lib/challenge-window.js';
import { questionPlaces, questionsForDelivery, type QuestionPlace } from '../questions/questions.service.js';
import { ownTimedAttempt, paperOf, testOf, timingOf, type AttemptDeps, type Core } from './attempt-core.js';
import { parseChoice, toAttemptQuestion } from './attempts.dto.js';
import { answerRows, timedAttemptsOf } from './attempts.repo.js';
import { questionStats, type QuestionStat } from './test-figures.repo.js';
import type { AttemptRow } from './attempts.table.js';
import type { Layout } from './layout.js';
import { layoutOf } from './engine-caches.js';
import { reviewNotYet, reviewOpening } from './key-access.js';
import { correctPositions } from './marking.js';
import { positionsToLetters } from './option-order.js';
import { rankStanding, type RankStanding } from './rank-snapshot.js';
import type { PaperFacts } from './paper-port.js';
import { marked } from './practice-feedback.js';
import { byCategoryAndTopic, bySection, confidenceReport, figuresOf, standing, type ResultLine } from './results.js';
import { sectionComparison } from './section-comparison.js';
import { cappedTimes, openSpan } from './time-spent.js';

/* Outcomes of timed attempts: the result, the review with keys once they may be shown, and the history. */

/**
 * Each question of a submitted attempt with its stored mark, time and where it belongs; `read` gives
 * the questions (the result needs only where each belongs, the review each in full).
 */
async function resultLines<Q extends QuestionPlace>(deps: Core, row: AttemptRow, read: (layout: Layout) => Promise<Map<string, Q>>) {
  const layout = await layoutOf(deps.db, row.id);
  const [answers, questions] = await Promise.all([answerRows(deps.db, row.id), read(layout)]);
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  const times = cappedTimes(
    layout.questions.map((q) => ({ sectionIndex: q.sectionIndex, timeSpentMs: Number(byQuestion.get(q.id)?.time_spent_ms ?? 0) })),
    timingOf(row, layout),
    Number(row.started_at),
    Number(row.submitted_at ?? deps.clock.now()),
  );
  const lines: ResultLine[] = layout.questions.map((q, i) => {
    const answer = byQuestion.get(q.id);
    const question = questions.get(q.id);
    return {
      questionId: q.id,
      sectionIndex: q.sectionIndex,
      marks: layout.sections[q.sectionIndex]!.marks,
      mark: answer?.mark ?? 0,
      outcome: answer?.outcome ?? 'unattempted',
      confidence: answer?.confidence ?? null,
      timeSpentMs: times[i]!.timeSpentMs,
      categoryPath: question?.categoryPath ?? null,
      topic: question?.topic ?? null,
    };
  });
  return { layout, lines, byQuestion, questions };
}

/** Rank among the paper's ranked candidates, and the percentile once there are enough of them to mean something. */
function placeOf(deps: AttemptDeps, stand: RankStanding) {
  const place = standing(stand.above, stand.atOrBelow);
  return { ...place, percentile: place.candidates >= percentileFrom(deps) ? place.percentile : null };
}

const percentileFrom = (deps: AttemptDeps): number => deps.percentileFrom ?? EXAM_LIMITS.percentileFrom;

/** From the start to the submission on the server's clock, never past the attempt's end, in whole seconds. */
const timeTaken = (row: Pick<AttemptRow, 'started_at' | 'submitted_at' | 'ends_at'>): number =>
  Math.round(openSpan(Number(row.started_at), row.ends_at === null ? null : Number(row.ends_at), Number(row.submitted_at)) / 1000);

const notSubmittedYet = () => conflict('The result is ready once the attempt is submitted');

/** A submitted attempt's result: score, counts, time, per section, category and topic, confidence, rank and percentile. */
export async function attemptResult(deps: AttemptDeps, attemptId: string, userId: string): Promise<AttemptResult> {
  const row = await ownTimedAttempt(deps, attemptId, userId);
  if (row.status !== 'submitted') throw notSubmittedYet();
  const [{ layout, lines }, paper] = await Promise.all([resultLines(deps, row, (l) => questionPlaces(deps, l.questions)), paperOf(deps, row.test_id)]);
  const figures = figuresOf(lines);
  // A locked section whose window opened only after the submission was never before the candidate.
  const windows = timingOf(row, layout).windows;
  const reached = (sectionIndex: number) => windows === null || windows[sectionIndex]!.opensAt < Number(row.submitted_at);
  const seen = lines.filter((l) => reached(l.sectionIndex));
  const ranked = row.ranked === 1 && row.test_id !== null;
  // While the paper's contest runs (its board may be frozen), others' scores stay out of the result;
  // until its challenge window closes, the result may still change.
  const now = deps.clock.now();
  const running = paper?.keySealedUntil != null && now < paper.keySealedUntil;
  const provisional = resultsProvisional(paper?.keySealedUntil ?? null, now, deps.challengeWindowMs ?? DEFAULT_CHALLENGE_WINDOW_MS);
  const stand = ranked ? await rankStanding(deps, row.test_id!, { score: figures.score, submittedAt: Number(row.submitted_at) }) : null;
  const place = stand && placeOf(deps, stand);
  const { revealAt, available } = await reviewOpening(deps, row, paper, lines.map((l) => l.questionId), deps.clock.now());
  const comparison = stand && !running && stand.top !== null && stand.average !== null ? { topper: stand.top, average: Math.round(stand.average * 100) / 100 } : null;
  const sectionStand = comparison ? await sectionComparison(deps, row.test_id!, stand!.snapshot) : null;
  return {
    attemptId: row.id,
    test: testOf(row.test_id, paper),
    attemptNumber: row.attempt_number,
    submittedAt: toIso(Number(row.submitted_at)),
    submittedBy: row.submitted_by ?? 'server',
    ...figures,
    timeTakenSeconds: timeTaken(row),
    ranked,
    rank: place?.rank ?? null,
    percentile: place?.percentile ?? null,
    candidates: place?.candidates ?? 0,
    percentileFrom: percentileFrom(deps),
    comparison,
    cutOff: paper?.cutOff ?? null,
    provisional,
    sections: bySection(lines).flatMap(({ key, figures: f }) => {
      const section = layout.sections[key]!;
      return section.id === null
        ? []
        : [{ sectionId: section.id, title: section.title, reached: reached(key), ...f, comparison: sectionStand?.get(key) ?? null, cutOff: paper?.sectionCutOffs[section.id] ?? null }];
    }),
    notReached: { sections: layout.sections.filter((_, i) => !reached(i)).length, questions: lines.length - seen.length },
    topics: byCategoryAndTopic(seen),
    confidence: confidenceReport(lines),
    reviewAvailable: available,
    revealAt: revealAt === null ? null : toIso(revealAt),
  };
}

/** Each question with the candidate's answer, the key, the explanation and how many others got it right; after the reveal only. */
export async function attemptReview(deps: AttemptDeps, attemptId: string, userId: string): Promise<{ questions: ReviewQuestion[] }> {
  const row = await ownTimedAttempt(deps, attemptId, userId);
  if (row.status !== 'submitted') throw new AppError('REVIEW_NOT_YET', 409, 'Answers are shown once the attempt is submitted');
  const [{ layout, lines, byQuestion, questions }, paper] = await Promise.all([
    resultLines(deps, row, (l) => questionsForDelivery(deps, l.questions, { testId: row.test_id })),
    paperOf(deps, row.test_id),
  ]);
  const opening = await reviewOpening(deps, row, paper, lines.map((l) => l.questionId), deps.clock.now());
  if (!opening.available) throw reviewNotYet(opening);
  const ids = layout.questions.map((q) => q.id);
  const [stats, bookmarked] = await Promise.all([
    row.test_id ? questionStats(deps.db, row.test_id, ids) : Promise.resolve(new Map<string, QuestionStat>()),
    deps.learning ? deps.learning.bookmarkedAmong(userId, ids) : Promise.resolve(new Set<string>()),
  ]);
  return {
    questions: layout.questions.map((q, i) => {
      const question = questions.get(q.id);
      const answer = byQuestion.get(q.id);
      const line = lines[i]!;
      const key = new Set(correctPositions(marked(question)));
      const stat = stats.get(q.id);
      const view = toAttemptQuestion(q, layout.sections[q.sectionIndex]!, question);
      return {
        ...view,
        options: view.options.map((o, index) => ({ ...o, correct: key.has(q.order[index]!) })),
        optionIds: answer ? positionsToLetters(q.order, parseChoice(answer.choice)) : [],
        correctOptionIds: positionsToLetters(q.order, [...key]),
        isCorrect: line.outcome === 'correct',
        outcome: line.outcome,
        mark: line.mark,
        confidence: line.confidence,
        markedForReview: answer?.marked_for_review === 1,
        timeSpentSeconds: Math.round(line.timeSpentMs / 100) / 10,
        explanationHtml: question?.explanationHtml ?? null,
        translation: view.translation && { ...view.translation, explanationHtml: question?.translation?.explanationHtml ?? null },
        topic: question?.topic ?? null,
        shareCorrect: stat && stat.attempts > 0 ? Math.round((stat.correct / stat.attempts) * 10_000) / 10_000 : null,
        averageCorrectSeconds: stat && stat.correct > 0 ? Math.round(stat.correctTimeMs / stat.correct / 100) / 10 : null,
        bookmarked: bookmarked.has(q.id),
        version: q.version,
        keyDecision: question?.decision ? { action: question.decision.action, note: question.decision.note, decidedAt: toIso(question.decision.decidedAt) } : null,
      };
    }),
  };
}

const HISTORY_LIMIT = 100;

/** The candidate's timed attempts, newest first, with score and percentile once submitted. */
export async function myAttempts(deps: AttemptDeps, userId: string): Promise<MyAttempt[]> {
  const rows = await timedAttemptsOf(deps.db, userId, HISTORY_LIMIT);
  const testIds = [...new Set(rows.flatMap((r) => (r.test_id ? [r.test_id] : [])))];
  const papers = testIds.length > 0 ? await deps.papers.facts(testIds) : new Map<string, PaperFacts>();
  return Promise.all(
    rows.map(async (r) => {
      const submitted = r.status === 'submitted' && r.score !== null;
      const ranked = submitted && r.ranked === 1 && r.test_id !== null;
      const percentile = ranked ? placeOf(deps, await rankStanding(deps, r.test_id!, { score: r.score!, submittedAt: Number(r.submitted_at) })).percentile : null;
      return {
        id: r.id,
        behaviour: r.behaviour,
        test: testOf(r.test_id, r.test_id ? (papers.get(r.test_id) ?? null) : null),
        status: r.status,
        attemptNumber: r.attempt_number,
        startedAt: toIso(Number(r.started_at)),
        submittedAt: r.submitted_at === null ? null : toIso(Number(r.submitted_at)),
        score: submitted ? r.score : null,
        maxScore: r.max_score,
        ranked,
        percentile,
      };
    }),
  );
}
