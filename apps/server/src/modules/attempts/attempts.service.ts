/**
 * The attempt engine's face: what other modules and the routes use, each part in its own file.
 * Mock tests, contests and practice are its users and it imports none of them: a paper reaches it
 * through `PaperForAttempt`, filled in by the module that owns the paper, and what it shows of papers
 * and the key rule's sealed papers through the `PaperPort` src/wiring.ts hands in.
 */
export type { AttemptDeps, AttemptEvents, Learning, MarkingDeps, PaperDeps } from './attempt-core.js';
export { finishAttempt } from './attempt-core.js';
export type { PaperFacts, PaperForAttempt, PaperPort, SealedPaper } from './paper-port.js';
export { newSeed } from './option-order.js';
export { deviceHeaders, deviceOf } from './device.js';
export { saveAnswer } from './saves.js';
export { pastBound, type EndBound } from './accommodation.js';
export { attemptsSummary, beginTimedAttempt, candidateOrder, getAttempt, submitAttempt, submitOverdueAttempts, takeOverAttempt } from './timed-attempts.js';
export { attemptResult, attemptReview, myAttempts } from './outcomes.js';
export { answerPractice, listPracticeAttempts, practiceView, startPracticeAttempt, type PracticeSource, type PracticeSummary, type PracticeView } from './practice-attempts.js';
// The editors' item analysis and the key rule, answered to other modules from here.
export { ITEM_STATS_CACHE_FROM, testItemStats } from './test-item-stats.js';
export { questionsSealedElsewhere, withheldQuestions } from './key-access.js';
// Challenges and reports: an attempt's facts, and the re-marking a key decision starts.
export { attemptFacts, attemptQuestionFacts, firstSubmittedAttempt, testsWithRankedAttempts, type AttemptQuestionFacts } from './attempt-lookup.js';
export { remarkQuestion, type RemarkTarget, type ScoreChange } from './remark.js';
// The operators' metrics.
export { countOpenTimedAttempts } from './attempt-counts.repo.js';
