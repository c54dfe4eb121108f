import { toIso } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Db } from '../../db/index.js';
import { drawnQuestions, listedQuestions, openAttemptQuestions, sealedTests, type SealedTestRow } from './key-access.repo.js';

/**
 * Who may see a question's answer key (its correct options and explanation) and when: the one rule
 * every path that shows a key asks (docs/decisions/018, docs/PRODUCT.md §8.7).
 *
 * A question's key is withheld from a candidate while the question is
 * (a) in one of the candidate's own open timed attempts (until it is submitted),
 * (b) on the paper of a contest that has not ended (the contest records its end on the paper as
 *     `key_sealed_until`; a cancelled contest records the cancellation), or
 * (c) in a test whose answers are shown from a date still ahead: the questions listed in a published
 *     test's fixed sections, and the questions drawn into any test's attempts.
 * Withheld questions are not served by practice, their keys are not shown by another test's review,
 * and (b, c) they are kept out of practice counts and of other tests' blueprint draws.
 */

type Deps = { db: Db };

/** Question id → when its key may first be shown; null when that waits for the candidate's own attempt. */
export type Withheld = Map<string, number | null>;

/** When a sealed test's key is released. */
const releaseOf = (t: Pick<SealedTestRow, 'key_sealed_until' | 'reveal_mode' | 'reveal_at'>): number =>
  Math.max(t.key_sealed_until ?? 0, t.reveal_mode === 'date' ? (t.reveal_at ?? 0) : 0);

/** A later release wins; null (the candidate's own attempt, whose end is theirs) wins over a moment. */
function withhold(out: Withheld, questionId: string, until: number | null): void {
  if (!out.has(questionId)) out.set(questionId, until);
  else if (until === null || (out.get(questionId) !== null && until > out.get(questionId)!)) out.set(questionId, until);
}

/**
 * The questions whose key is withheld from this candidate now, with when each is released: among
 * `questionIds` when given, else every one (the bulk form, for draws). Without a user, only (b) and
 * (c). A test named in `exceptTestId` does not count (its own attempts' review asks `reviewOpening`).
 */
export async function withheldQuestions(deps: Deps, p: { userId: string | null; questionIds?: readonly string[]; now: number; exceptTestId?: string | null }): Promise<Withheld> {
  const out: Withheld = new Map();
  if (p.questionIds?.length === 0) return out;
  const tests = (await sealedTests(deps.db, p.now)).filter((t) => t.id !== p.exceptTestId);
  const release = new Map(tests.map((t) => [t.id, releaseOf(t)]));
  // A draft mock test's list reaches no candidate; its attempts (made while it was published) do.
  const listing = tests.filter((t) => t.status === 'published' || t.key_sealed_until !== null).map((t) => t.id);
  const drawing = tests.filter((t) => t.blueprint === 1 || t.status !== 'published').map((t) => t.id);
  const [listed, drawn, own] = await Promise.all([
    listedQuestions(deps.db, listing, p.questionIds),
    drawnQuestions(deps.db, drawing, p.questionIds),
    p.userId ? openAttemptQuestions(deps.db, p.userId, p.questionIds) : Promise.resolve([]),
  ]);
  for (const r of [...listed, ...drawn]) withhold(out, r.question_id, release.get(r.test_id)!);
  for (const id of own) withhold(out, id, null);
  return out;
}

/** Every question kept out of a draw for this test now: those whose key another test withholds (b, c). */
export async function questionsSealedElsewhere(deps: Deps, testId: string, now: number): Promise<ReadonlySet<string>> {
  return new Set((await withheldQuestions(deps, { userId: null, now, exceptTestId: testId })).keys());
}

/** What the review of a submitted attempt needs of its test and of itself. */
export type ReviewedAttempt = {
  user_id: string;
  status: 'open' | 'submitted';
  test_id: string | null;
  test_reveal_mode: 'submission' | 'date' | null;
  test_reveal_at: number | string | null;
  test_key_sealed_until: number | string | null;
};

export type ReviewOpening = { available: boolean; revealAt: number | null };

/**
 * When the review of a submitted attempt opens: from its test's reveal (at submission, or its date)
 * and never before a contest on its paper ends; and only while none of its questions' keys is
 * withheld from the candidate for another reason (another test's seal, their own attempt in progress).
 * `revealAt` is the latest moment known; null when the review waits on the candidate's own attempt.
 */
export async function reviewOpening(deps: Deps, row: ReviewedAttempt, questionIds: readonly string[], now: number): Promise<ReviewOpening> {
  const own = Math.max(row.test_reveal_mode === 'date' && row.test_reveal_at !== null ? Number(row.test_reveal_at) : 0, Number(row.test_key_sealed_until ?? 0));
  if (row.status !== 'submitted') return { available: false, revealAt: own > 0 ? own : null };
  const elsewhere = await withheldQuestions(deps, { userId: row.user_id, questionIds, now, exceptTestId: row.test_id });
  const waits = [...elsewhere.values()];
  if (own <= now && waits.length === 0) return { available: true, revealAt: own > 0 ? own : null };
  if (waits.includes(null)) return { available: false, revealAt: null };
  return { available: false, revealAt: Math.max(own, ...(waits as number[])) };
}

/** The refusal of a review that has not opened, saying when it will. */
export function reviewNotYet(opening: ReviewOpening): AppError {
  return new AppError(
    'REVIEW_NOT_YET',
    409,
    opening.revealAt === null
      ? 'Answers and explanations are shown once your attempts in progress that share questions with this test are submitted'
      : `Answers and explanations are shown from ${toIso(opening.revealAt)}`,
  );
}

/** The refusal of a practice answer whose key is withheld. */
export function keyWithheld(until: number | null): AppError {
  return new AppError(
    'REVIEW_NOT_YET',
    409,
    until === null
      ? 'This question is in your test in progress: its answer is shown once that attempt is submitted'
      : `This question is in a contest or test whose answers are not shown yet: practise it from ${toIso(until)}`,
  );
}
