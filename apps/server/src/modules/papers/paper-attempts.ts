import type { Attempt, ItemStats } from '@abhyas/contracts';
import { notFound } from '../../lib/errors.js';
import { beginTimedAttempt, getAttempt, newSeed, questionsSealedElsewhere, testItemStats, type AttemptDeps } from '../attempts/attempts.service.js';
import { testForAttempt, testRevealInfo, type TestsDeps } from './papers.service.js';

/**
 * Mock tests as a user of the attempt engine: the papers module draws the paper and hands it to the
 * engine, which knows nothing of tests.
 */

/**
 * POST /api/tests/:slug/attempts: starts the candidate's attempt at a published test (its blueprint
 * drawn from a new seed, keeping out questions whose key another test withholds), or answers the open one.
 */
export async function startTestAttempt(deps: AttemptDeps, slug: string, userId: string, deviceId: string | null): Promise<{ attempt: Attempt; created: boolean }> {
  const seed = newSeed();
  const test = await testForAttempt(deps, slug, seed, (testId) => questionsSealedElsewhere(deps, testId, deps.clock.now()));
  if (!test) throw notFound('Test not found');
  const { id, created } = await beginTimedAttempt(deps, { test, seed, userId, deviceId });
  return { attempt: await getAttempt(deps, id, userId, deviceId), created };
}

/** The editors' item analysis of a test, from the attempt engine; 404 for an unknown test. */
export async function itemStatsOfTest(deps: TestsDeps, testId: string): Promise<ItemStats> {
  if (!(await testRevealInfo(deps, testId))) throw notFound('Test not found');
  return testItemStats(deps, testId);
}
