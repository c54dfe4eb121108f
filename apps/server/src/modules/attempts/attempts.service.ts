import type {
  Attempt,
  AttemptQuestion,
  AttemptResult,
  MyAttempt,
  PracticeFeedback,
  PracticeSession,
  ReviewQuestion,
  SavedAnswer,
  answerSaveSchema,
} from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { BackgroundJobs } from '../../lib/background.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { questionsForDelivery, type DeliveryQuestion } from '../questions/questions.service.js';
import { testForAttempt, type TestForAttempt } from '../tests/tests.service.js';
import { attemptDocument, deliveredQuestions } from './attempt-document.js';
import { parseChoice, toAttemptQuestion, toSavedAnswer } from './attempts.dto.js';
import {
  answerRow,
  answerRows,
  attemptLayoutJson,
  attemptState,
  attemptWithTest,
  claimAttempt,
  countAttempts,
  countIntoQuestionStats,
  insertAttempt,
  insertPracticeAnswer,
  lockStarts,
  maxAnswerSeq,
  openAttemptOf,
  overdueAttemptIds,
  practiceAttemptsOf,
  progressOf,
  questionStats,
  rankCounts,
  setWriter,
  timedAttemptsOf,
  upsertAnswer,
  writeMarks,
  writeScore,
  type AnswerRow,
  type AttemptState,
  type AttemptWithTest,
} from './attempts.repo.js';
import { isOverdue, saveVerdict, sectionWindows, type Timing } from './deadlines.js';
import { buildLayout, isLocked, layoutCache, parseLayout, type Layout, type StoredSection } from './layout.js';
import { correctPositions, markChoice, markSaved, roundMarks, type Marked, type Outcome } from './marking.js';
import { lettersToPositions, newSeed, optionOrder, positionsToLetters, seededShuffle } from './option-order.js';
import { byCategoryAndTopic, bySection, confidenceReport, figuresOf, standing, type ResultLine } from './results.js';
import { cappedTimeSpent, checkLateSaveOrder, claimedAt, saveRefused } from './save-rules.js';
import { cappedTimes, openSpan } from './time-spent.js';
import { canWrite } from './writer.js';
import { keyWithheld, questionsSealedElsewhere, reviewNotYet, reviewOpening, withheldQuestions } from './key-access.js';
import { feedbackOf, marked } from './practice-feedback.js';

// The editors' item analysis and the key rule, answered to other modules from here.
export { ITEM_STATS_CACHE_FROM, testItemStats } from './test-item-stats.js';
export { questionsSealedElsewhere, withheldQuestions } from './key-access.js';

/**
 * What the attempt engine asks of the learning features (mistakes and bookmarks), injected by the
 * app so that attempts never depend on them.
 */
export type Learning = {
  bookmarkedAmong(userId: string, questionIds: string[]): Promise<Set<string>>;
  /** Called once after a timed attempt is submitted, by the candidate or by the server. */
  recordOutcomes(userId: string, outcomes: { questionId: string; outcome: Outcome }[], at: number): Promise<void>;
};

/**
 * Told, after the fact, of every accepted save and every submission of a timed attempt (the contests'
 * live leaderboard listens). Must return at once and never throw: the save path does not wait for it.
 */
export type AttemptEvents = {
  changed(e: { testId: string; attemptId: string; userId: string; kind: 'saved' | 'submitted' }): void;
};

export type AttemptDeps = { db: Db; clock: Clock; learning?: Learning; jobs?: BackgroundJobs; events?: AttemptEvents };
type Core = { db: Db; clock: Clock; events?: AttemptEvents };

type AnswerInput = z.output<typeof answerSaveSchema>;

// Parsed layouts of attempts in progress: a 100-question layout takes about 11 KB, so at most some 45 MB.
const layouts = layoutCache(4_000);
const layoutOf = async (db: Db, attemptId: string): Promise<Layout> => {
  const layout = await layouts.get(attemptId, () => attemptLayoutJson(db, attemptId));
  if (!layout) throw attemptNotFound();
  return layout;
};

const attemptNotFound = () => notFound('Attempt not found');
const sessionNotFound = () => notFound('Practice session not found');
const notInAttempt = () => notFound('This question is not part of the attempt');
const attemptClosed = (message = 'This attempt has been submitted: answers are no longer accepted') => new AppError('ATTEMPT_CLOSED', 409, message);
const takenOver = () => new AppError('ATTEMPT_TAKEN_OVER', 409, 'This attempt continues on another device');

function timingOf(row: Pick<AttemptState, 'started_at' | 'ends_at' | 'grace_ms' | 'locked_sections'>, layout: Layout): Timing {
  const endsAt = row.ends_at === null ? null : Number(row.ends_at);
  const windows = row.locked_sections === 1 ? sectionWindows(Number(row.started_at), layout.sections.map((s) => s.timeLimitMinutes ?? 0)) : null;
  return { endsAt, graceMs: row.grace_ms, windows };
}

/** The answer letters checked against what the question shows: positions in the bank, or a 400. */
function chosenPositions(question: { type: DeliveryQuestion['type']; order: readonly number[] }, optionIds: readonly string[]): number[] {
  const positions = lettersToPositions(question.order, optionIds);
  if (!positions) throw validationFailed([{ field: 'optionIds', message: `This question has options A to ${String.fromCharCode(64 + question.order.length)} only` }]);
  if (question.type !== 'multiple' && positions.length > 1) throw validationFailed([{ field: 'optionIds', message: 'This question takes one answer' }]);
  return positions;
}

// ---------------------------------------------------------------------------------------------
// Timed attempts

/**
 * Starts a timed attempt on a test already drawn for this candidate (mock tests now, contests next):
 * its sections are kept as they stand, questions and options are shuffled from the seed when the
 * test says so, and the device asking becomes the one that writes. When the candidate has an open
 * attempt on the test, that one is answered instead (created: false); an open attempt past its time
 * is submitted first. Past the attempts allowed → 409.
 */
export async function beginTimedAttempt(
  deps: AttemptDeps,
  p: { test: TestForAttempt; seed: string; userId: string; deviceId: string | null; /** A contest's end: the attempt closes then at the latest. */ endsBy?: number },
): Promise<{ id: string; created: boolean }> {
  const { test, seed } = p;
  const stale = await openAttemptOf(deps.db, p.userId, test.id);
  if (stale && isOverdue({ endsAt: Number(stale.ends_at), graceMs: stale.grace_ms }, deps.clock.now())) await finishAttempt(deps, stale.id, 'server');

  const questions = await questionsForDelivery(deps, test.sections.flatMap((s) => s.questionIds));
  const sections: StoredSection[] = test.sections.map((s) => {
    const ids = s.questionIds.filter((id) => questions.has(id));
    const ordered = test.shuffleQuestions ? seededShuffle(ids, seed, `section:${s.id}`) : ids;
    return {
      id: s.id,
      title: s.title,
      marks: s.marks,
      negativeMarks: s.negativeMarks,
      timeLimitMinutes: s.timeLimitMinutes,
      questions: ordered.map((id) => {
        const q = questions.get(id)!;
        return { id, type: q.type, order: optionOrder(seed, { id, type: q.type, optionCount: q.options.length, shuffleOptions: q.shuffleOptions }, test.shuffleOptions) };
      }),
    };
  });
  const layout = buildLayout(sections);
  if (layout.questions.length === 0) throw conflict('This test has no questions to attempt yet');

  const now = deps.clock.now();
  const id = newId();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await lockStarts(trx, p.userId, test.id);
    const open = await openAttemptOf(trx, p.userId, test.id);
    if (open) return { id: open.id, created: false };
    const started = await countAttempts(trx, p.userId, test.id);
    if (test.attemptsAllowed !== null && started >= test.attemptsAllowed) {
      throw new AppError('ATTEMPTS_EXHAUSTED', 409, `You have used the ${test.attemptsAllowed === 1 ? 'one attempt' : `${test.attemptsAllowed} attempts`} this test allows`);
    }
    await insertAttempt(
      trx,
      {
        id,
        user_id: p.userId,
        behaviour: 'timed',
        test_id: test.id,
        source: 'test',
        label: test.title,
        attempt_number: started + 1,
        ranked: started === 0 ? 1 : 0,
        status: 'open',
        seed,
        sections: JSON.stringify(sections),
        locked_sections: isLocked(sections) ? 1 : 0,
        marked_answered_counts: test.markedAnsweredCounts ? 1 : 0,
        grace_ms: test.graceSeconds * 1000,
        started_at: now,
        ends_at: Math.min(now + test.durationMinutes * 60_000, p.endsBy ?? Number.POSITIVE_INFINITY),
        device_id: p.deviceId,
        last_seq: 0,
        created_at: now,
      },
      layout.questions.map((q, position) => ({
        attempt_id: id,
        position,
        question_id: q.id,
        section_index: q.sectionIndex,
        option_order: JSON.stringify(q.order),
        marks: sections[q.sectionIndex]!.marks,
        negative_marks: sections[q.sectionIndex]!.negativeMarks,
      })),
    );
    return { id, created: true };
  });
  if (outcome.created) layouts.put(id, layout);
  return outcome;
}

/**
 * POST /api/tests/:slug/attempts: starts the candidate's attempt at a published test (its blueprint
 * drawn from a new seed), or answers the open one.
 */
export async function startTestAttempt(deps: AttemptDeps, slug: string, userId: string, deviceId: string | null): Promise<{ attempt: Attempt; created: boolean }> {
  const seed = newSeed();
  const test = await testForAttempt(deps, slug, seed, (testId) => questionsSealedElsewhere(deps, testId, deps.clock.now()));
  if (!test) throw notFound('Test not found');
  const { id, created } = await beginTimedAttempt(deps, { test, seed, userId, deviceId });
  return { attempt: await getAttempt(deps, id, userId, deviceId), created };
}

/** For a test's instructions page: how many attempts the candidate has started and the open one. */
export async function attemptsSummary(deps: Core, userId: string, testId: string): Promise<{ count: number; openAttemptId: string | null }> {
  const [count, open] = await Promise.all([countAttempts(deps.db, userId, testId), openAttemptOf(deps.db, userId, testId)]);
  const live = open && !isOverdue({ endsAt: open.ends_at, graceMs: open.grace_ms }, deps.clock.now());
  return { count, openAttemptId: live ? open.id : null };
}

/** The candidate's own timed attempt, or 404; one past its time is submitted first. */
async function ownTimedAttempt(deps: AttemptDeps, attemptId: string, userId: string): Promise<AttemptWithTest> {
  const row = await attemptWithTest(deps.db, attemptId);
  if (!row || row.user_id !== userId || row.behaviour !== 'timed') throw attemptNotFound();
  if (row.status === 'open' && isOverdue({ endsAt: row.ends_at, graceMs: row.grace_ms }, deps.clock.now())) {
    await finishAttempt(deps, attemptId, 'server');
    return (await attemptWithTest(deps.db, attemptId))!;
  }
  return row;
}

const testOf = (row: AttemptWithTest) => (row.test_id && row.test_slug && row.test_title ? { id: row.test_id, slug: row.test_slug, title: row.test_title, contestSlug: row.contest_slug ?? null } : null);

/** An attempt to resume: its delivered questions without keys, the saved answers, the clock and who writes. */
export async function getAttempt(deps: AttemptDeps, attemptId: string, userId: string, deviceId: string | null): Promise<Attempt> {
  const row = await ownTimedAttempt(deps, attemptId, userId);
  const layout = await layoutOf(deps.db, attemptId);
  const [timing, now] = [timingOf(row, layout), deps.clock.now()];
  const shown = deliveredQuestions(layout, timing, row.status, now);
  const [questions, answers] = await Promise.all([questionsForDelivery(deps, shown.map((q) => q.id)), answerRows(deps.db, attemptId)]);
  const writer = canWrite(row.device_id, deviceId) ? 'this' : 'other';
  return attemptDocument({ row, layout, timing, shown, questions, answers, test: testOf(row), writer, now });
}

/**
 * What never changes about an attempt and a save checks: its owner, its behaviour and its clock.
 * Kept for attempts this process has saved to, so a save needs no read of the attempt first: its
 * status and writer, which do change, are checked by the save's own statement.
 */
type SaveFacts = Pick<AttemptState, 'user_id' | 'behaviour' | 'test_id' | 'started_at' | 'ends_at' | 'grace_ms' | 'locked_sections'>;
const SAVE_FACTS_MAX = 4_000;
const saveFacts = new Map<string, SaveFacts>();
const rememberFacts = (attemptId: string, s: AttemptState) => {
  if (saveFacts.size >= SAVE_FACTS_MAX && !saveFacts.has(attemptId)) saveFacts.delete(saveFacts.keys().next().value as string);
  saveFacts.set(attemptId, { user_id: s.user_id, behaviour: s.behaviour, test_id: s.test_id, started_at: s.started_at, ends_at: s.ends_at, grace_ms: s.grace_ms, locked_sections: s.locked_sections });
};

/**
 * A save to an attempt whose facts are known, written in one statement that also requires the
 * attempt open and this device its writer. Null whenever anything is not plainly right (another
 * owner, an unknown question or option, past a deadline, closed, another writer, a stale seq): the
 * full path then answers, checking in its usual order.
 */
async function saveKnown(deps: Core, p: SaveInput, facts: SaveFacts): Promise<(SavedAnswer & { applied: boolean }) | null> {
  if (facts.user_id !== p.userId || facts.behaviour !== 'timed') return null;
  const layout = await layoutOf(deps.db, p.attemptId);
  const question = layout.byId.get(p.questionId);
  if (!question) return null;
  let positions: number[];
  try {
    positions = chosenPositions(question, p.input.optionIds);
  } catch {
    return null;
  }
  const [now, timing] = [deps.clock.now(), timingOf(facts, layout)];
  const verdict = saveVerdict(timing, question.sectionIndex, now, claimedAt(p.input));
  if (!verdict.ok || verdict.late) return null;
  const spent = cappedTimeSpent(p.input, timing, Number(facts.started_at), question.sectionIndex, now);
  const written = await upsertAnswer(deps.db, answerWrite(p, positions, now, spent), { deviceId: p.deviceId });
  if (!written) return null;
  tell(deps, facts.test_id, p, 'saved');
  return { ...toSavedAnswer(written, question.order), applied: true };
}

/** Tells the listener, if any, that a timed attempt on a test changed. */
function tell(deps: Core, testId: string | null, p: { attemptId: string; userId: string }, kind: 'saved' | 'submitted') {
  if (deps.events && testId) deps.events.changed({ testId, attemptId: p.attemptId, userId: p.userId, kind });
}

type SaveInput = { attemptId: string; userId: string; deviceId: string | null; questionId: string; input: AnswerInput };

const answerWrite = (p: SaveInput, positions: number[], now: number, timeSpentMs: number) => ({
  attemptId: p.attemptId,
  questionId: p.questionId,
  choice: JSON.stringify(positions),
  markedForReview: p.input.markedForReview ? 1 : 0,
  confidence: p.input.confidence ?? null,
  seq: p.input.seq,
  savedAt: now,
  timeSpentMs,
});

/**
 * Saves one answer. The lean path: the attempt's row by primary key, then one upsert guarded by the
 * sequence number (the layout comes from memory); once this process has saved to the attempt, just
 * the upsert, which then checks the status and the writer itself. A save whose sequence number is
 * not above the stored one changes nothing and answers the stored state (applied: false).
 */
export async function saveAnswer(deps: Core, p: SaveInput): Promise<SavedAnswer & { applied: boolean }> {
  const facts = saveFacts.get(p.attemptId);
  const known = facts ? await saveKnown(deps, p, facts) : null;
  if (known) return known;
  const state = await attemptState(deps.db, p.attemptId);
  if (!state || state.user_id !== p.userId || state.behaviour !== 'timed') throw attemptNotFound();
  if (state.status !== 'open') throw attemptClosed();
  if (!canWrite(state.device_id, p.deviceId)) throw takenOver();
  rememberFacts(p.attemptId, state);
  const layout = await layoutOf(deps.db, p.attemptId);
  const question = layout.byId.get(p.questionId);
  if (!question) throw notInAttempt();
  const positions = chosenPositions(question, p.input.optionIds);

  const [now, timing] = [deps.clock.now(), timingOf(state, layout)];
  const verdict = saveVerdict(timing, question.sectionIndex, now, claimedAt(p.input));
  if (!verdict.ok) throw saveRefused(verdict);
  if (verdict.late) await checkLateSaveOrder(deps.db, { attemptId: p.attemptId, seq: p.input.seq }, layout, timing, question.sectionIndex);

  const spent = cappedTimeSpent(p.input, timing, Number(state.started_at), question.sectionIndex, now);
  const written = await upsertAnswer(deps.db, answerWrite(p, positions, now, spent));
  if (written) {
    tell(deps, state.test_id, p, 'saved');
    return { ...toSavedAnswer(written, question.order), applied: true };
  }
  const stored = await answerRow(deps.db, p.attemptId, p.questionId);
  if (stored && Number(stored.seq) >= p.input.seq) return { ...toSavedAnswer(stored, question.order), applied: false };
  // The attempt was submitted between the read and the write.
  throw attemptClosed();
}

/** Makes the asking device the one that writes; the other device is told on its next save. */
export async function takeOverAttempt(deps: AttemptDeps, attemptId: string, userId: string, deviceId: string | null): Promise<Attempt> {
  if (!deviceId) throw validationFailed([{ field: 'x-device-id', message: 'Send the X-Device-Id header naming this device' }]);
  const row = await ownTimedAttempt(deps, attemptId, userId);
  if (row.status !== 'open') throw attemptClosed();
  if (!(await setWriter(deps.db, attemptId, deviceId, await maxAnswerSeq(deps.db, attemptId)))) throw attemptClosed();
  return getAttempt(deps, attemptId, userId, deviceId);
}

/** Submits the candidate's attempt and answers its result; a second submit answers the same result. */
export async function submitAttempt(deps: AttemptDeps, attemptId: string, userId: string, deviceId: string | null): Promise<AttemptResult> {
  const state = await attemptState(deps.db, attemptId);
  if (!state || state.user_id !== userId || state.behaviour !== 'timed') throw attemptNotFound();
  if (state.status === 'open') {
    if (!canWrite(state.device_id, deviceId)) throw takenOver();
    await finishAttempt(deps, attemptId, 'candidate');
  }
  return attemptResult(deps, attemptId, userId);
}

/**
 * Closes an open attempt and marks it, in one transaction that begins with the conditional update
 * deciding who closes it: whichever of the candidate, this process's sweeper or another process's
 * gets there first does the marking; the others find it closed and do nothing. Ranked attempts are
 * counted into the test's per-question figures. Answers whether this call closed it.
 */
export async function finishAttempt(deps: AttemptDeps, attemptId: string, by: 'candidate' | 'server'): Promise<boolean> {
  const now = deps.clock.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimAttempt(trx, attemptId, now, by))) return null;
    const row = (await attemptWithTest(trx, attemptId))!;
    const layout = parseLayout(row.sections);
    const [answers, questions] = await Promise.all([answerRows(trx, attemptId), questionsForDelivery({ db: trx }, layout.questions.map((q) => q.id))]);
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
    if (row.ranked === 1 && row.test_id) await countIntoQuestionStats(trx, row.test_id, lines.map((l) => ({ questionId: l.questionId, correct: l.outcome === 'correct' })));
    return { userId: row.user_id, testId: row.test_id, outcomes: lines.map((l) => ({ questionId: l.questionId, outcome: l.outcome })) };
  });
  if (!done) return false;
  tell(deps, done.testId, { attemptId, userId: done.userId }, 'submitted');
  const learning = deps.learning;
  if (learning) {
    const record = () => learning.recordOutcomes(done.userId, done.outcomes, now);
    if (deps.jobs) deps.jobs.run('recording the outcomes of a submitted attempt', record);
    else await record();
  }
  return true;
}

/**
 * Submits every open attempt past its end and grace, a batch at a time; answers how many this call
 * submitted. Safe to run in several processes at once: each attempt is submitted by one of them.
 */
export async function submitOverdueAttempts(deps: AttemptDeps, batch = 100): Promise<number> {
  let submitted = 0;
  for (;;) {
    const ids = await overdueAttemptIds(deps.db, deps.clock.now(), batch);
    for (const id of ids) if (await finishAttempt(deps, id, 'server')) submitted += 1;
    if (ids.length < batch) return submitted;
  }
}

// ---------------------------------------------------------------------------------------------
// Results and review

/** Each question of a submitted attempt with its stored mark, time and where it belongs. */
async function resultLines(deps: Core, row: AttemptWithTest) {
  const layout = await layoutOf(deps.db, row.id);
  const [answers, questions] = await Promise.all([answerRows(deps.db, row.id), questionsForDelivery(deps, layout.questions.map((q) => q.id))]);
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

async function placeOf(deps: Core, testId: string, score: number) {
  const { above, atOrBelow } = await rankCounts(deps.db, testId, score);
  return standing(above, atOrBelow);
}

const notSubmittedYet = () => conflict('The result is ready once the attempt is submitted');

/** A submitted attempt's result: score, counts, time, per section, category and topic, confidence, rank and percentile. */
export async function attemptResult(deps: AttemptDeps, attemptId: string, userId: string): Promise<AttemptResult> {
  const row = await ownTimedAttempt(deps, attemptId, userId);
  if (row.status !== 'submitted') throw notSubmittedYet();
  const { layout, lines } = await resultLines(deps, row);
  const figures = figuresOf(lines);
  const ranked = row.ranked === 1 && row.test_id !== null;
  const place = ranked ? await placeOf(deps, row.test_id!, figures.score) : null;
  const { revealAt, available } = await reviewOpening(deps, row, lines.map((l) => l.questionId), deps.clock.now());
  return {
    attemptId: row.id,
    test: testOf(row),
    attemptNumber: row.attempt_number,
    submittedAt: toIso(Number(row.submitted_at)),
    submittedBy: row.submitted_by ?? 'server',
    ...figures,
    ranked,
    rank: place?.rank ?? null,
    percentile: place?.percentile ?? null,
    candidates: place?.candidates ?? 0,
    sections: bySection(lines).flatMap(({ key, figures: f }) => {
      const section = layout.sections[key]!;
      return section.id === null ? [] : [{ sectionId: section.id, title: section.title, ...f }];
    }),
    topics: byCategoryAndTopic(lines),
    confidence: confidenceReport(lines),
    reviewAvailable: available,
    revealAt: revealAt === null ? null : toIso(revealAt),
  };
}

/** Each question with the candidate's answer, the key, the explanation and how many others got it right; after the reveal only. */
export async function attemptReview(deps: AttemptDeps, attemptId: string, userId: string): Promise<{ questions: ReviewQuestion[] }> {
  const row = await ownTimedAttempt(deps, attemptId, userId);
  if (row.status !== 'submitted') throw new AppError('REVIEW_NOT_YET', 409, 'Answers are shown once the attempt is submitted');
  const { layout, lines, byQuestion, questions } = await resultLines(deps, row);
  const opening = await reviewOpening(deps, row, lines.map((l) => l.questionId), deps.clock.now());
  if (!opening.available) throw reviewNotYet(opening);
  const ids = layout.questions.map((q) => q.id);
  const [stats, bookmarked] = await Promise.all([
    row.test_id ? questionStats(deps.db, row.test_id, ids) : Promise.resolve(new Map<string, { attempts: number; correct: number }>()),
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
        topic: question?.topic ?? null,
        shareCorrect: stat && stat.attempts > 0 ? Math.round((stat.correct / stat.attempts) * 10_000) / 10_000 : null,
        bookmarked: bookmarked.has(q.id),
      };
    }),
  };
}

const HISTORY_LIMIT = 100;

/** The candidate's timed attempts, newest first, with score and percentile once submitted. */
export async function myAttempts(deps: AttemptDeps, userId: string): Promise<MyAttempt[]> {
  const rows = await timedAttemptsOf(deps.db, userId, HISTORY_LIMIT);
  return Promise.all(
    rows.map(async (r) => {
      const submitted = r.status === 'submitted' && r.score !== null;
      const percentile = submitted && r.ranked === 1 && r.test_id ? (await placeOf(deps, r.test_id, r.score!)).percentile : null;
      return {
        id: r.id,
        behaviour: r.behaviour,
        test: r.test_id && r.test_slug && r.test_title ? { id: r.test_id, slug: r.test_slug, title: r.test_title, contestSlug: r.contest_slug ?? null } : null,
        status: r.status,
        attemptNumber: r.attempt_number,
        startedAt: toIso(Number(r.started_at)),
        submittedAt: r.submitted_at === null ? null : toIso(Number(r.submitted_at)),
        score: submitted ? r.score : null,
        maxScore: r.max_score,
        percentile,
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Practice: untimed, feedback after each answer

export type PracticeSource = 'bank' | 'mistakes' | 'bookmarks';
export type PracticeView = Omit<PracticeSession, 'questions'> & { questions: (AttemptQuestion & { feedback: PracticeFeedback | null })[] };
export type PracticeSummary = Omit<PracticeSession, 'questions'> & { questionCount: number };

/**
 * Starts a practice session over the given questions, in that order (those no longer in the bank are
 * left out); options are shuffled per session when asked. Answers the session's id.
 */
export async function startPracticeAttempt(
  deps: Core,
  p: { userId: string; source: PracticeSource; label: string; questionIds: string[]; shuffleOptions: boolean },
): Promise<string> {
  const questions = await questionsForDelivery(deps, p.questionIds);
  const ids = [...new Set(p.questionIds)].filter((id) => questions.has(id));
  if (ids.length === 0) throw validationFailed([{ field: 'questionIds', message: 'No questions to practise' }]);
  const seed = newSeed();
  const sections: StoredSection[] = [
    {
      id: null,
      title: p.label,
      marks: 1,
      negativeMarks: 0,
      timeLimitMinutes: null,
      questions: ids.map((id) => {
        const q = questions.get(id)!;
        return { id, type: q.type, order: optionOrder(seed, { id, type: q.type, optionCount: q.options.length, shuffleOptions: q.shuffleOptions }, p.shuffleOptions) };
      }),
    },
  ];
  const layout = buildLayout(sections);
  const now = deps.clock.now();
  const id = newId();
  await deps.db.transaction().execute((trx) =>
    insertAttempt(
      trx,
      {
        id,
        user_id: p.userId,
        behaviour: 'practice',
        test_id: null,
        source: p.source,
        label: p.label,
        attempt_number: 1,
        ranked: 0,
        status: 'open',
        seed,
        sections: JSON.stringify(sections),
        locked_sections: 0,
        marked_answered_counts: 1,
        grace_ms: 0,
        started_at: now,
        ends_at: null,
        device_id: null,
        last_seq: 0,
        created_at: now,
      },
      layout.questions.map((q, position) => ({ attempt_id: id, position, question_id: q.id, section_index: 0, option_order: JSON.stringify(q.order), marks: 1, negative_marks: 0 })),
    ),
  );
  layouts.put(id, layout);
  return id;
}

const sessionHeader = (r: Pick<AttemptWithTest, 'id' | 'source' | 'label' | 'status' | 'started_at'>) => ({
  id: r.id,
  source: r.source === 'test' ? ('bank' as const) : r.source,
  label: r.label,
  status: r.status,
  startedAt: toIso(Number(r.started_at)),
});

async function ownPractice(deps: Core, attemptId: string, userId: string): Promise<AttemptWithTest> {
  const row = await attemptWithTest(deps.db, attemptId);
  if (!row || row.user_id !== userId || row.behaviour !== 'practice') throw sessionNotFound();
  return row;
}

/** A practice session to show or resume: questions, and for each one answered, its feedback. */
export async function practiceView(deps: Core, attemptId: string, userId: string): Promise<PracticeView> {
  const row = await ownPractice(deps, attemptId, userId);
  const layout = await layoutOf(deps.db, attemptId);
  const ids = layout.questions.map((q) => q.id);
  const [questions, answers, withheld] = await Promise.all([questionsForDelivery(deps, ids), answerRows(deps.db, attemptId), withheldQuestions(deps, { userId, questionIds: ids, now: deps.clock.now() })]);
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  const items = layout.questions.map((q) => {
    const answer = byQuestion.get(q.id);
    return { ...toAttemptQuestion(q, layout.sections[0]!, questions.get(q.id)), feedback: answer ? feedbackOf(q, questions.get(q.id), answer, withheld.has(q.id)) : null };
  });
  const firstOpen = items.findIndex((i) => i.feedback === null);
  return {
    ...sessionHeader(row),
    questions: items,
    position: firstOpen === -1 ? items.length : firstOpen,
    correct: items.filter((i) => i.feedback?.isCorrect).length,
    answered: items.filter((i) => i.feedback !== null).length,
  };
}

/**
 * Marks a practice answer and stores it with its mark, then answers the feedback; the session is
 * submitted once every question is answered. A question answered before keeps its first answer, and
 * its feedback is answered again (`newlyAnswered: false`), so a retried request changes nothing.
 */
export async function answerPractice(
  deps: Core,
  attemptId: string,
  userId: string,
  questionId: string,
  optionIds: readonly string[],
): Promise<PracticeFeedback & { newlyAnswered: boolean }> {
  const row = await ownPractice(deps, attemptId, userId);
  const layout = await layoutOf(deps.db, attemptId);
  const q = layout.byId.get(questionId);
  if (!q) throw notFound('This question is not part of the session');
  const positions = chosenPositions(q, optionIds);
  if (positions.length === 0) throw validationFailed([{ field: 'optionIds', message: 'Choose an option' }]);
  const question = (await questionsForDelivery(deps, [questionId])).get(questionId);
  const withheld = await withheldQuestions(deps, { userId, questionIds: [questionId], now: deps.clock.now() });

  const earlier = await answerRow(deps.db, attemptId, questionId);
  if (earlier) return { ...feedbackOf(q, question, earlier, withheld.has(questionId)), newlyAnswered: false };
  if (row.status !== 'open') throw attemptClosed('This practice session is finished');
  if (withheld.has(questionId)) throw keyWithheld(withheld.get(questionId) ?? null);

  const now = deps.clock.now();
  const result: Marked = markChoice(marked(question), positions, { marks: 1, negativeMarks: 0 });
  const answer: AnswerRow = {
    attempt_id: attemptId,
    question_id: questionId,
    choice: JSON.stringify(positions),
    marked_for_review: 0,
    confidence: null,
    seq: q.number,
    saved_at: now,
    time_spent_ms: 0,
    mark: result.mark,
    outcome: result.outcome,
  };
  const inserted = await insertPracticeAnswer(deps.db, answer);
  if (!inserted) return { ...feedbackOf(q, question, (await answerRow(deps.db, attemptId, questionId))!), newlyAnswered: false };

  const progress = (await progressOf(deps.db, [attemptId])).get(attemptId);
  if (progress && progress.answered >= progress.total) {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await claimAttempt(trx, attemptId, now, 'candidate'))) return;
      const answers = await answerRows(trx, attemptId);
      const count = (o: Outcome) => answers.filter((a) => a.outcome === o).length;
      await writeScore(trx, attemptId, {
        score: roundMarks(answers.reduce((s, a) => s + (a.mark ?? 0), 0)),
        max_score: progress.total,
        correct: count('correct'),
        wrong: count('wrong'),
        partial: count('partial'),
        unattempted: progress.total - answers.length,
        time_spent_ms: 0,
        last_seq: answers.length,
      });
    });
  }
  return { ...feedbackOf(q, question, answer), newlyAnswered: true };
}

/** The candidate's practice sessions, newest first, with their progress. */
export async function listPracticeAttempts(deps: Core, userId: string, limit = 20): Promise<PracticeSummary[]> {
  const rows = await practiceAttemptsOf(deps.db, userId, limit);
  const progress = await progressOf(deps.db, rows.map((r) => r.id));
  return rows.map((r) => {
    const p = progress.get(r.id) ?? { total: 0, answered: 0, correct: 0, firstOpen: null };
    return {
      ...sessionHeader(r),
      position: p.firstOpen ?? p.total,
      correct: p.correct,
      answered: p.answered,
      questionCount: p.total,
    };
  });
}
