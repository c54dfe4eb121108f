import type { Db } from '../../db/index.js';
import { roundMarks } from './marking.js';
import { sectionScoreRows } from './test-figures.repo.js';

/*
 * The ranked candidates' top and average score per section of a test, beside a candidate's own in
 * the result. Read from every ranked attempt's marks, so kept per process and test while the test's
 * ranked count, top and average score in the process's snapshot of them (rank-snapshot.ts) stand
 * (any new submission or re-marking moves one of them): derived data any process computes the same
 * from the database.
 */

const KEPT_TESTS = 200;
const kept = new Map<string, { key: string; bySection: Map<number, { topper: number; average: number }> }>();

export async function sectionComparison(deps: { db: Db }, testId: string, stand: { candidates: number; top: number | null; average: number | null }): Promise<Map<number, { topper: number; average: number }>> {
  const key = `${stand.candidates}:${stand.top}:${stand.average}`;
  const hit = kept.get(testId);
  if (hit?.key === key) return hit.bySection;
  const bySection = new Map((await sectionScoreRows(deps.db, testId)).map((r) => [r.section_index, { topper: roundMarks(r.top), average: Math.round(r.average * 100) / 100 }]));
  kept.delete(testId);
  if (kept.size >= KEPT_TESTS) kept.delete(kept.keys().next().value as string);
  kept.set(testId, { key, bySection });
  return bySection;
}
