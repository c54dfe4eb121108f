/**
 * The papers module's face: what other modules, the routes, the demo and src/wiring.ts use, each job
 * in its own file: the shared deps (`papers.deps.ts`), the sections against the bank (`bank-draw.ts`:
 * the seeded draw and the check an editor's save meets), the editors' tests (`paper-editing.ts`), the
 * candidates' list and instructions (`paper-pages.ts`), a test as the attempt engine gets it
 * (`test-for-attempt.ts`) and what contests set and read of their paper (`contest-papers.ts`).
 */
export type { TestsDeps } from './papers.deps.js';
export { createTest, deleteTest, getAdminTest, listAdminTests, publishTest, testIdBySlug, unpublishTest, updateTest } from './paper-editing.js';
export { publishedTestDetail, publishedTests, type AttemptsSummary } from './paper-pages.js';
export { testForAttempt, testForContest, testForPreview, testRevealInfo, type KeptBack, type TestForAttempt } from './test-for-attempt.js';
export { sealTestKey, testOutline, useTestForContest } from './contest-papers.js';
// The papers module's side of the attempt engine's paper port, built in src/wiring.ts.
export { listedPaperQuestions, paperFacts, sealedPapers } from './paper-facts.js';
