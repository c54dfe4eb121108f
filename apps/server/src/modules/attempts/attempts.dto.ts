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

/** A question as the candidate sees it: options by display letter, no fraction, no explanation. */
export function toAttemptQuestion(q: LayoutQuestion, section: SectionInfo, question: DeliveryQuestion | undefined): AttemptQuestion {
  return {
    questionId: q.id,
    number: q.number,
    sectionId: section.id,
    type: question?.type ?? q.type,
    stemHtml: question?.stemHtml ?? '',
    options: q.order.map((position, index) => ({ id: OPTION_IDS[index]!, html: question?.options[position]?.html ?? '' })),
  };
}
