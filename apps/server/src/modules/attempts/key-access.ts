import { toIso } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Db } from '../../db/index.js';
import { drawnQuestions, openAttemptQuestions } from './key-access.repo.js';
import type { PaperFacts, PaperPort, SealedPaper } from './paper-port.js';

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

/** The engine's tables, and the papers' through the paper port. */
export type KeyDeps = { db: Db; papers: PaperPort };

/** Question id → when its key may first be shown; null when that waits for the candidate's own attempt. */
export type Withheld = Map<string, number | null>;

/** When a sealed test's key is released. */
const releaseOf = (t: Pick<SealedPaper, 'keySealedUntil' | 'revealMode' | 'revealAt'>): number =>
  Math.max(t.keySealedUntil ?? 0, t.revealMode === 'date' ? (t.revealAt ?? 0) : 0);

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
export async function withheldQuestions(deps: KeyDeps, p: { userId: string | null; questionIds?: readonly string[]; now: number; exceptTestId?: string | null }): Promise<Withheld> {
  const out: Withheld = new Map();
  if (p.questionIds?.length === 0) return out;
  const papers = (await deps.papers.sealed(p.now)).filter((t) => t.id !== p.exceptTestId);
  const release = new Map(papers.map((t) => [t.id, releaseOf(t)]));
  // A draft mock test's list reaches no candidate; its attempts (made while it was published) do.
  const listing = papers.filter((t) => t.published || t.keySealedUntil !== null).map((t) => t.id);
  const drawing = papers.filter((t) => t.blueprint || !t.published).map((t) => t.id);
  const [listed, drawn, own] = await Promise.all([
    listing.length > 0 ? deps.papers.listedQuestions(listing, p.questionIds) : Promise.resolve([]),
    drawnQuestions(deps.db, drawing, p.questionIds),
    p.userId ? openAttemptQuestions(deps.db, p.userId, p.questionIds) : Promise.resolve([]),
  ]);
  for (const r of listed) withhold(out, r.questionId, release.get(r.paperId)!);
  for (const r of drawn) withhold(out, r.question_id, release.get(r.test_id)!);
  for (const id of own) withhold(out, id, null);
  return out;
}

/** Every question kept out of a draw for this test now: those whose key another test withholds (b, c). */
export async function questionsSealedElsewhere(deps: KeyDeps, testId: string, now: number): Promise<ReadonlySet<string>> {
  return new Set((await withheldQuestions(deps, { userId: null, now, exceptTestId: testId })).keys());
}

/** What the review of a submitted attempt needs of itself; its paper's facts come through the paper port. */
export type ReviewedAttempt = { user_id: string; status: 'open' | 'submitted'; test_id: string | null };

export type ReviewOpening = { available: boolean; revealAt: number | null };

/**
 * When the review of a submitted attempt opens: from its test's reveal (at submission, or its date)
 * and never before a contest on its paper ends; and only while none of its questions' keys is
 * withheld from the candidate for another reason (another test's seal, their own attempt in progress).
 * `revealAt` is the latest moment known; null when the review waits on the candidate's own attempt.
 */
export async function reviewOpening(deps: KeyDeps, row: ReviewedAttempt, paper: PaperFacts | null, questionIds: readonly string[], now: number): Promise<ReviewOpening> {
  const own = paper ? releaseOf(paper) : 0;
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
