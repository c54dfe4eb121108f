/**
 * The contests module's face: what other modules, the demo and the app use. Each job lives in its
 * room (entries/, board/, finalize/, editing/, views/); this file only names what they offer.
 */
export type { ContestAdminDeps, ContestPayments, ContestPlayDeps, ContestsDeps } from './contests.deps.js';
export { contestIdBySlug, contestsOnPapers, getContest, listContests } from './views/contest-pages.js';
export { enterDirectly, entryFulfilment, joinContest, releaseExpiredHolds } from './entries/entries.js';
export { startContestAttempt } from './entries/contest-attempt.js';
export { createContestLive, type ContestLive } from './board/live.js';
export { FINALIZE_AFTER_END_MS, finalizeEndedContests } from './finalize/finalize.js';
export { candidateRating } from './finalize/rating-history.js';
export { cancelContest, createContest, deleteContest, getAdminContest, listAdminContests, updateContest } from './editing/contest-editing.js';
