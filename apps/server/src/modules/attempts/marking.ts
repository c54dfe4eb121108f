import type { QuestionType } from '@abhyas/contracts';

/**
 * Marking (docs/PRODUCT.md §8.3, docs/decisions/007): every option carries Moodle's grade fraction,
 * and a question earns its section's marks by the rules below. Choices are bank positions, so the
 * mark never depends on the order the candidate saw the options in.
 */
export type Marking = 'partial' | 'allOrNothing';
export type Outcome = 'correct' | 'wrong' | 'partial' | 'unattempted';

export type MarkedQuestion = {
  type: QuestionType;
  marking: Marking;
  fractions: readonly number[];
  /** A key decision's credit: full marks to every candidate (dropped) or to every one who answered (bonus). */
  credit?: 'everyone' | 'answered' | null;
};
export type MarkScale = { marks: number; negativeMarks: number };
export type Marked = { mark: number; outcome: Outcome };

/** Marks are kept to four decimals, so sums compare equal however they were added up. */
export const roundMarks = (value: number): number => {
  const r = Math.round(value * 10_000) / 10_000;
  return r === 0 ? 0 : r;
};

/**
 * Moodle's tolerance for a grade fraction (question/engine/states.php, `graded_state_for_fraction`):
 * below it an answer is wrong, within it of 1 right. Imported fractions keep seven decimals, so three
 * options at 33.33333% add up to 0.9999999, which is all of the question.
 */
export const FRACTION_TOLERANCE = 0.000001;

/** The one rule naming an answer right, partly right or wrong from the fraction of the marks it earns. */
export function outcomeForFraction(fraction: number): Exclude<Outcome, 'unattempted'> {
  if (fraction < FRACTION_TOLERANCE) return 'wrong';
  return fraction > 1 - FRACTION_TOLERANCE ? 'correct' : 'partial';
}

/** Bank positions of the options that earn something: the key shown at review. */
export function correctPositions(question: Pick<MarkedQuestion, 'fractions'>): number[] {
  return question.fractions.flatMap((f, i) => (f > 0 ? [i] : []));
}

/**
 * The mark for a set of chosen bank positions.
 * - single / true-false: marks × the chosen option's fraction when it is positive, else −negative marks;
 * - multiple, partial: marks × max(0, Σ chosen fractions), at most the marks; nothing earned is wrong;
 * - multiple, all-or-nothing: the marks when the chosen set is exactly the options with a positive
 *   fraction, else −negative marks;
 * - nothing chosen: 0, unattempted.
 * Right, partly right or wrong follows the fraction earned (`outcomeForFraction`).
 */
export function markChoice(question: MarkedQuestion, choice: readonly number[], scale: MarkScale): Marked {
  if (question.credit === 'everyone') return { mark: roundMarks(scale.marks), outcome: 'correct' };
  if (choice.length === 0) return { mark: 0, outcome: 'unattempted' };
  if (question.credit === 'answered') return { mark: roundMarks(scale.marks), outcome: 'correct' };
  const wrong: Marked = { mark: roundMarks(-scale.negativeMarks), outcome: 'wrong' };
  const fraction = (position: number) => question.fractions[position] ?? 0;

  const earning = (f: number): Marked => {
    const outcome = outcomeForFraction(f);
    return outcome === 'wrong' ? wrong : { mark: roundMarks(scale.marks * Math.min(1, f)), outcome };
  };

  if (question.type !== 'multiple') return earning(fraction(choice[0]!));

  if (question.marking === 'allOrNothing') {
    const key = correctPositions(question);
    const chosen = new Set(choice);
    const exact = chosen.size === key.length && key.every((p) => chosen.has(p));
    return exact ? { mark: roundMarks(scale.marks), outcome: 'correct' } : wrong;
  }

  return earning([...new Set(choice)].reduce((s, p) => s + fraction(p), 0));
}

/** A saved answer as marking sees it. */
export type SavedChoice = { choice: readonly number[]; markedForReview: boolean };

/**
 * The mark for a saved answer at submission. "Answered and marked for review" is marked when the
 * test says it counts (the NTA rule), else it is left unattempted.
 */
export function markSaved(question: MarkedQuestion, saved: SavedChoice | null, scale: MarkScale & { markedAnsweredCounts: boolean }): Marked {
  if (question.credit === 'everyone') return markChoice(question, [], scale);
  if (!saved || saved.choice.length === 0) return { mark: 0, outcome: 'unattempted' };
  if (saved.markedForReview && !scale.markedAnsweredCounts) return { mark: 0, outcome: 'unattempted' };
  return markChoice(question, saved.choice, scale);
}
