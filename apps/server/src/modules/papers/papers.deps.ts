import type { Db, Executor } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { sectionsOf, type SectionWithContent } from './papers.repo.js';

/* What every part of the papers module shares: its dependencies, its 404 and a test's sections as stored. */

export type TestsDeps = { db: Db; clock: Clock };

export const testNotFound = () => notFound('Test not found');

export async function loadSections(deps: { db: Executor }, testId: string): Promise<SectionWithContent[]> {
  return (await sectionsOf(deps.db, [testId])).get(testId) ?? [];
}
