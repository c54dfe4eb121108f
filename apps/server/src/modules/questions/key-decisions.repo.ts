import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { VersionRef } from './question-versions.repo.js';
import type { QuestionKeyDecisionsTable } from './questions.table.js';

export type DecisionRow = Selectable<QuestionKeyDecisionsTable>;

export async function insertDecision(db: Executor, row: Insertable<QuestionKeyDecisionsTable>): Promise<void> {
  await db.insertInto('question_key_decisions').values(row).execute();
}

/**
 * The decision in force for each of these versions in one scope: for a test, the latest decision on
 * that test or on every test; with no test (practice), the latest decision on every test. Keyed by
 * question id.
 */
export async function decisionsInForce(db: Executor, refs: readonly VersionRef[], testId: string | null): Promise<Map<string, DecisionRow>> {
  const out = new Map<string, DecisionRow>();
  if (refs.length === 0) return out;
  const wanted = new Set(refs.map((r) => `${r.version}:${r.id}`));
  const ids = [...new Set(refs.map((r) => r.id))];
  for (let i = 0; i < ids.length; i += 500) {
    let query = db
      .selectFrom('question_key_decisions')
      .selectAll()
      .where('question_id', 'in', ids.slice(i, i + 500));
    query = testId === null ? query.where('test_id', 'is', null) : query.where((eb) => eb.or([eb('test_id', 'is', null), eb('test_id', '=', testId)]));
    const rows = await query.orderBy('decided_at').orderBy('id').execute();
    // Ascending: the latest decision of each version is the one left in the map.
    for (const row of rows) if (wanted.has(`${row.version}:${row.question_id}`)) out.set(row.question_id, row);
  }
  return out;
}

/** The latest decision on each of these versions in any scope, for the editors' queue. */
export async function latestDecisions(db: Executor, refs: readonly VersionRef[]): Promise<Map<string, DecisionRow>> {
  const out = new Map<string, DecisionRow>();
  const wanted = new Set(refs.map((r) => `${r.version}:${r.id}`));
  const ids = [...new Set(refs.map((r) => r.id))];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('question_key_decisions').selectAll().where('question_id', 'in', ids.slice(i, i + 500)).orderBy('decided_at').orderBy('id').execute();
    for (const row of rows) if (wanted.has(`${row.version}:${row.question_id}`)) out.set(`${row.version}:${row.question_id}:${row.test_id ?? ''}`, row);
  }
  return out;
}
