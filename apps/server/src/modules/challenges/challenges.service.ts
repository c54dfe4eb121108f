import type { ChallengeWindow, MyFlag, challengeInputSchema, reportInputSchema } from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { challengeWindow, type WindowState } from '../../lib/challenge-window.js';
import { toIso, type Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { plainExcerpt } from '../../lib/markdown/markdown.js';
import { attemptFacts, attemptQuestionFacts, type AttemptQuestionFacts, type PaperPort } from '../attempts/attempts.service.js';
import { paperFacts } from '../papers/papers.service.js';
import { offeredInPractice } from '../practice/practice.service.js';
import { currentQuestionsForDelivery, questionsForDelivery } from '../questions/questions.service.js';
import { flagsOf, insertFlag } from './challenges.repo.js';
import type { FlagRow } from './challenges.table.js';

/*
 * Challenges and reports (docs/PRODUCT.md §8.10), as candidates make and read them. A challenge is of a
 * question of the candidate's own submitted attempt, inside the attempt's challenge window
 * (lib/challenge-window.ts), once per candidate and version of the question; a report is of any
 * question the person was shown, one open report per person and question.
 */

/** With the attempt engine's paper port, for the key rule a report naming no attempt asks through practice. */
export type ChallengeDeps = { db: Db; clock: Clock; challengeWindowMs: number; papers: PaperPort };

const EXCERPT_MAX = 120;
const attemptNotFound = () => notFound('Attempt not found');

/** The challenge window of an attempt, as the one rule reads it from the attempt and its paper. */
async function windowOf(deps: ChallengeDeps, attempt: Omit<AttemptQuestionFacts, 'question'>): Promise<WindowState> {
  const paper = attempt.testId ? (await paperFacts(deps, [attempt.testId])).get(attempt.testId) : undefined;
  return challengeWindow(
    {
      submittedAt: attempt.status === 'submitted' ? attempt.submittedAt : null,
      contestEndsAt: paper?.keySealedUntil ?? null,
      revealAt: paper?.revealMode === 'date' ? paper.revealAt : null,
      practice: attempt.behaviour === 'practice' || attempt.testId === null,
    },
    deps.clock.now(),
    deps.challengeWindowMs,
  );
}

const toWindow = (w: WindowState): ChallengeWindow => ({ open: w.open, closesAt: w.closesAt === null ? null : toIso(w.closesAt), reason: w.reason });

/** The flags as their authors read them: the question's first words at the version seen, and the test's title. */
export async function toMyFlags(deps: { db: Db }, rows: FlagRow[]): Promise<MyFlag[]> {
  const [questions, papers] = await Promise.all([
    questionsForDelivery(deps, rows.map((r) => ({ id: r.question_id, version: r.question_version }))),
    paperFacts(deps, [...new Set(rows.flatMap((r) => (r.test_id ? [r.test_id] : [])))]),
  ]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    questionId: r.question_id,
    version: r.question_version,
    excerpt: plainExcerpt(questions.get(r.question_id)?.stem ?? '', EXCERPT_MAX),
    test: r.test_id && papers.has(r.test_id) ? { id: r.test_id, title: papers.get(r.test_id)!.title } : null,
    attemptId: r.attempt_id,
    questionNumber: r.question_number,
    reason: r.reason,
    comment: r.comment,
    createdAt: toIso(Number(r.created_at)),
    status: r.status,
    resolution: r.resolution,
    reply: r.reply,
    resolvedAt: r.resolved_at === null ? null : toIso(Number(r.resolved_at)),
  }));
}

/** Keeps a new open challenge or report and answers it as its author reads it; `twice` is the 409's message when the one allowed is already there. */
async function sendFlag(
  deps: ChallengeDeps,
  f: { kind: FlagRow['kind']; userId: string; questionId: string; version: number; attemptId: string | null; testId: string | null; number: number | null; reason: FlagRow['reason']; comment: string | undefined },
  twice: string,
): Promise<MyFlag> {
  const row: FlagRow = {
    id: newId(),
    kind: f.kind,
    user_id: f.userId,
    question_id: f.questionId,
    question_version: f.version,
    attempt_id: f.attemptId,
    test_id: f.testId,
    question_number: f.number,
    reason: f.reason,
    comment: f.comment || null,
    created_at: deps.clock.now(),
    status: 'open',
    resolution: null,
    reply: null,
    resolved_by: null,
    resolved_at: null,
  };
  try {
    await insertFlag(deps.db, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(twice);
    throw err;
  }
  return (await toMyFlags(deps, [row]))[0]!;
}

/**
 * Challenges the key of a question of the candidate's own submitted attempt. 404 for someone else's
 * attempt or a question not in it; 409 outside the window or for a second challenge of the question.
 */
export async function challengeQuestion(deps: ChallengeDeps, userId: string, attemptId: string, input: z.output<typeof challengeInputSchema>): Promise<MyFlag> {
  const facts = await attemptQuestionFacts(deps, attemptId, input.questionId);
  if (!facts || facts.userId !== userId) throw attemptNotFound();
  if (!facts.question) throw notFound('This question is not part of the attempt');
  const window = await windowOf(deps, facts);
  if (!window.open) throw new AppError('CHALLENGE_CLOSED', 409, window.reason ?? 'Challenges are not open');
  return sendFlag(
    deps,
    { kind: 'challenge', userId, questionId: facts.question.id, version: facts.question.version, attemptId, testId: facts.testId, number: facts.question.number, reason: input.reason, comment: input.comment },
    'You have already challenged this question',
  );
}

/**
 * Reports a problem with a question the person was shown: in one of their attempts or practice
 * sessions (the version given there), or, naming none, one practice offers them now, as the bank has
 * it (a draft, an archived question, a contest paper's own or one whose key is withheld from them is
 * not found). 409 while their earlier report of it is open.
 */
export async function reportQuestion(deps: ChallengeDeps, userId: string, questionId: string, input: z.output<typeof reportInputSchema>): Promise<MyFlag> {
  let seen: { version: number; attempt: AttemptQuestionFacts | null } | null = null;
  if (input.attemptId) {
    const facts = await attemptQuestionFacts(deps, input.attemptId, questionId);
    if (!facts || facts.userId !== userId) throw attemptNotFound();
    if (!facts.question) throw notFound('This question is not part of the attempt');
    seen = { version: facts.question.version, attempt: facts };
  } else {
    const offered = await offeredInPractice(deps, userId, questionId);
    const current = offered ? (await currentQuestionsForDelivery(deps, [questionId])).get(questionId) : undefined;
    if (!current) throw notFound('Question not found');
    seen = { version: current.version, attempt: null };
  }
  return sendFlag(
    deps,
    {
      kind: 'report',
      userId,
      questionId,
      version: seen.version,
      attemptId: seen.attempt?.attemptId ?? null,
      testId: seen.attempt?.testId ?? null,
      number: seen.attempt?.question?.number ?? null,
      reason: input.reason,
      comment: input.comment,
    },
    'You have already reported this question: an editor will look at it',
  );
}

export async function myFlags(deps: ChallengeDeps, userId: string): Promise<MyFlag[]> {
  return toMyFlags(deps, await flagsOf(deps.db, userId));
}

/** An attempt's challenge window and the candidate's challenges and reports on it; 404 for someone else's attempt. */
export async function attemptChallenges(deps: ChallengeDeps, userId: string, attemptId: string): Promise<{ window: ChallengeWindow; challenges: MyFlag[] }> {
  const facts = await attemptFacts(deps, attemptId);
  if (!facts || facts.userId !== userId) throw attemptNotFound();
  const [window, rows] = await Promise.all([windowOf(deps, facts), flagsOf(deps.db, userId, attemptId)]);
  return { window: toWindow(window), challenges: await toMyFlags(deps, rows) };
}
