import { OPTION_IDS, paletteState, type AttemptQuestion, type SavedAnswer } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import type { DeliveryQuestion } from '../questions/questions.service.js';
import type { AnswerRow } from './attempts.repo.js';
import type { LayoutQuestion, SectionInfo } from './layout.js';
import { positionsToLetters } from './option-order.js';

/** Bank positions as stored in attempt_answers.choice. */
export const parseChoice = (json: string): number[] => JSON.parse(json) as number[];

export function toSavedAnswer(row: AnswerRow, order: readonly number[]): SavedAnswer {
  const optionIds = positionsToLetters(order, parseChoice(row.choice));
  const marked = row.marked_for_review === 1;
  return {
    questionId: row.question_id,
    optionIds,
    markedForReview: marked,
    confidence: row.confidence,
    state: paletteState(optionIds.length > 0, marked),
    seq: Number(row.seq),
    savedAt: toIso(Number(row.saved_at)),
  };
}

/** Options in the order shown, each by its display letter: the same letters in either language. */
const shownOptions = (order: readonly number[], options: readonly { html: string }[] | undefined) => order.map((position, index) => ({ id: OPTION_IDS[index]!, html: options?.[position]?.html ?? '' }));

/**
 * A question as the candidate sees it: options by display letter, no fraction, no explanation; in
 * its own language, and in its other one when it has it, options by the same letters.
 */
export function toAttemptQuestion(q: LayoutQuestion, section: SectionInfo, question: DeliveryQuestion | undefined): AttemptQuestion {
  const t = question?.translation;
  return {
    questionId: q.id,
    number: q.number,
    sectionId: section.id,
    type: question?.type ?? q.type,
    language: question?.language ?? 'en',
    stemHtml: question?.stemHtml ?? '',
    options: shownOptions(q.order, question?.options),
    translation: t ? { language: t.language, stemHtml: t.stemHtml, options: shownOptions(q.order, t.options) } : null,
  };
}
