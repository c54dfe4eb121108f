/**
 * What seeds (the bench's ranked attempts and contest boards) use to write submitted attempts in bulk
 * without sitting them: the engine's own rows, marking and seeds, so that what they write is what the
 * engine would have written.
 */
export { insertAttempt, writeMarks, writeScore, type AnswerRow, type NewAttempt } from './attempts.repo.js';
export { addToQuestionStats, countIntoQuestionStats } from './test-figures.repo.js';
export { rankCounts } from './rank.repo.js';
export { markSaved, roundMarks, type Outcome } from './marking.js';
export { newSeed, optionOrder } from './option-order.js';
