import type { TestDetail, TestSummary } from '@abhyas/contracts';
import { toTestDetail, toTestSummary } from './papers.dto.js';
import { loadSections, testNotFound, type TestsDeps } from './papers.deps.js';
import { findPublishedTestBySlug, listPublishedTestRows, sectionsOf } from './papers.repo.js';

/* The candidates' mock tests: the published list and a test's instructions page. */

/** For a signed-in candidate's view of a test: attempts started so far and the open one. */
export type AttemptsSummary = (userId: string, testId: string) => Promise<{ count: number; openAttemptId: string | null }>;

export async function publishedTests(deps: TestsDeps, exam?: string): Promise<TestSummary[]> {
  const rows = await listPublishedTestRows(deps.db, exam);
  const sections = await sectionsOf(deps.db, rows.map((r) => r.id));
  return rows.map((r) => toTestSummary(r, sections.get(r.id) ?? []));
}

/** A published test's instructions page; `myAttempts` only for a signed-in candidate when attempts are known. */
export async function publishedTestDetail(deps: TestsDeps, slug: string, viewer?: { userId: string; attemptsSummary: AttemptsSummary }): Promise<TestDetail> {
  const row = await findPublishedTestBySlug(deps.db, slug);
  if (!row) throw testNotFound();
  const [sections, mine] = await Promise.all([loadSections(deps, row.id), viewer ? viewer.attemptsSummary(viewer.userId, row.id) : null]);
  return toTestDetail(row, sections, mine);
}
