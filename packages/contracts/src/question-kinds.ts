// The kinds a question comes in, apart from the question bank's schemas: the exam modules' contracts
// name them, and a page reading an attempt or a contest need not carry the bank's schemas with them.

export const QUESTION_TYPES = ['single', 'multiple', 'truefalse'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
/** How a multiple-answer question is marked: shares per option, or full marks for exactly the correct set. */
export const QUESTION_MARKINGS = ['partial', 'allOrNothing'] as const;
export type QuestionMarking = (typeof QUESTION_MARKINGS)[number];
