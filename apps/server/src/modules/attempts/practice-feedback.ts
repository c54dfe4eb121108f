import type { PracticeFeedback } from '@abhyas/contracts';
import type { DeliveryQuestion } from '../questions/questions.service.js';
import { parseChoice } from './attempts.dto.js';
import type { AnswerRow } from './attempts.repo.js';
import { correctPositions } from './marking.js';
import { positionsToLetters } from './option-order.js';

/** A question's fractions and marking rule as marking needs them. */
export const marked = (q: DeliveryQuestion | undefined) => ({ type: q?.type ?? 'single', marking: q?.marking ?? 'partial', fractions: q?.options.map((o) => o.fraction) ?? [], credit: q?.credit ?? null });

/**
 * The feedback on a practice answer: the candidate's choice, the key and the explanation. While the
 * key is withheld (key-access.ts) the answer is shown without them.
 */
export function feedbackOf(q: { id: string; order: readonly number[] }, question: DeliveryQuestion | undefined, answer: AnswerRow, withheld = false): PracticeFeedback {
  const outcome = answer.outcome === 'correct' || answer.outcome === 'partial' ? answer.outcome : 'wrong';
  return {
    questionId: q.id,
    optionIds: positionsToLetters(q.order, parseChoice(answer.choice)),
    correctOptionIds: withheld ? [] : positionsToLetters(q.order, correctPositions(marked(question))),
    isCorrect: outcome === 'correct',
    outcome,
    explanationHtml: withheld ? null : (question?.explanationHtml ?? null),
    translation: withheld || !question?.translation ? null : { language: question.translation.language, explanationHtml: question.translation.explanationHtml },
    topic: question?.topic ?? null,
  };
}
