import type { Db } from '../../db/index.js';
import { attemptRow, firstSubmittedAttemptId } from './attempts.repo.js';
import { rankedTestIds } from './test-figures.repo.js';
import type { AttemptRow } from './attempts.table.js';
import { parseLayout } from './layout.js';

/** What the challenges and reports need of an attempt and one of its questions, read by other modules through the engine. */
export type AttemptQuestionFacts = {
  attemptId: string;
  userId: string;
  testId: string | null;
  behaviour: AttemptRow['behaviour'];
  status: AttemptRow['status'];
  submittedAt: number | null;
  /** Null when the question is not part of the attempt. */
  question: { id: string; version: number; number: number } | null;
};

/** An attempt and, when it has it, one of its questions: the version it was given and its number; null for no attempt. */
export async function attemptQuestionFacts(deps: { db: Db }, attemptId: string, questionId: string): Promise<AttemptQuestionFacts | null> {
  const row = await attemptRow(deps.db, attemptId);
  if (!row) return null;
  const q = parseLayout(row.sections).byId.get(questionId);
  return {
    attemptId: row.id,
    userId: row.user_id,
    testId: row.test_id,
    behaviour: row.behaviour,
    status: row.status,
    submittedAt: row.submitted_at === null ? null : Number(row.submitted_at),
    question: q ? { id: q.id, version: q.version, number: q.number } : null,
  };
}

/** An attempt's owner, test, kind and submission; null for no attempt. */
export async function attemptFacts(deps: { db: Db }, attemptId: string): Promise<Omit<AttemptQuestionFacts, 'question'> | null> {
  const row = await attemptRow(deps.db, attemptId);
  if (!row) return null;
  return { attemptId: row.id, userId: row.user_id, testId: row.test_id, behaviour: row.behaviour, status: row.status, submittedAt: row.submitted_at === null ? null : Number(row.submitted_at) };
}

/** The tests with at least `minimum` submitted first attempts, the most recently submitted first. */
export async function testsWithRankedAttempts(deps: { db: Db }, minimum: number, limit: number): Promise<string[]> {
  return rankedTestIds(deps.db, minimum, limit);
}

/** A candidate's first submitted attempt at a test, if any. */
export async function firstSubmittedAttempt(deps: { db: Db }, userId: string, testId: string): Promise<string | null> {
  return firstSubmittedAttemptId(deps.db, userId, testId);
}
