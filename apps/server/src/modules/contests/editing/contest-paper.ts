import type { ContestPaper } from '@abhyas/contracts';
import { AppError } from '../../../lib/errors.js';
import { questionsSeenOutside, testWasAttempted } from '../../attempts/paper-exposure.service.js';
import { getAdminTest } from '../../papers/papers.service.js';
import type { Core } from '../contests.deps.js';

const PAPER_SEEN = 'Candidates have already attempted this test: a contest needs a paper nobody has seen';

/**
 * A contest's paper is a test nobody has attempted: an attempt at it would show its questions before
 * the contest, and an attempt still open would be taken for the contest's (docs/PRODUCT.md §8.8).
 */
export async function checkPaperUnseen(deps: Core, testId: string): Promise<void> {
  if (await testWasAttempted(deps, testId)) throw new AppError('CONFLICT', 409, PAPER_SEEN, [{ field: 'testId', message: PAPER_SEEN }]);
}

/**
 * GET /api/admin/contests/paper: for the contest editor, whether the test was attempted (it cannot
 * be a paper then) and how many of its fixed questions candidates have already met in practice or
 * in other tests, so the editor can replace them. 404 for an unknown test.
 */
export async function contestPaperExposure(deps: Core, testId: string): Promise<ContestPaper> {
  const test = await getAdminTest(deps, testId);
  const questionIds = [...new Set(test.sections.flatMap((s) => s.questionIds))];
  const [attempted, seenElsewhere] = await Promise.all([testWasAttempted(deps, testId), questionsSeenOutside(deps, questionIds, testId)]);
  return { testId, attempted, questions: questionIds.length, seenElsewhere };
}
