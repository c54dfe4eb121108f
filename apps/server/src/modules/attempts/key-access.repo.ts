import { sql } from 'kysely';
import type { Executor } from '../../db/index.js';

/**
 * The reads behind who may see a question's key (key-access.ts). They join the papers module's tables,
 * which lie below the attempt engine; nothing here writes.
 */

/** Ids an `in (…)` list carries per statement, well within SQLite's bound parameters. */
const IDS_PER_STATEMENT = 500;

/** Runs `read` over the ids a slice at a time, or once over everything when no ids are given. */
async function overIds<T>(ids: readonly string[] | undefined, read: (slice: string[] | undefined) => Promise<T[]>): Promise<T[]> {
  if (ids === undefined) return read(undefined);
  const unique = [...new Set(ids)];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) out.push(...(await read(unique.slice(i, i + IDS_PER_STATEMENT))));
  return out;
}

export type SealedTestRow = { id: string; status: 'draft' | 'published'; key_sealed_until: number | null; reveal_mode: 'submission' | 'date'; reveal_at: number | null; blueprint: number };

/**
 * Tests whose key is not yet released at `now`: sealed by a contest until its end, or shown from a
 * reveal date still ahead; with whether any of their sections draws from a blueprint.
 */
export async function sealedTests(db: Executor, now: number): Promise<SealedTestRow[]> {
  const rows = await db
    .selectFrom('tests')
    .select(['tests.id', 'tests.status', 'tests.key_sealed_until', 'tests.reveal_mode', 'tests.reveal_at'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('test_sections as s').innerJoin('test_section_rules as r', 'r.section_id', 's.id').select(sql`1`.as('one')).whereRef('s.test_id', '=', 'tests.id'))
        .as('blueprint'),
    )
    .where((eb) => eb.or([eb('tests.key_sealed_until', '>', now), eb.and([eb('tests.reveal_mode', '=', 'date'), eb('tests.reveal_at', '>', now)])]))
    .execute();
  return rows.map((r) => ({
    ...r,
    key_sealed_until: r.key_sealed_until === null ? null : Number(r.key_sealed_until),
    reveal_at: r.reveal_at === null ? null : Number(r.reveal_at),
    blueprint: r.blueprint ? 1 : 0,
  }));
}

/** The questions listed in these tests' fixed sections (among `ids` when given). */
export async function listedQuestions(db: Executor, testIds: string[], ids?: readonly string[]): Promise<{ test_id: string; question_id: string }[]> {
  if (testIds.length === 0) return [];
  return overIds(ids, (slice) => {
    let q = db.selectFrom('test_sections as s').innerJoin('test_section_questions as q', 'q.section_id', 's.id').select(['s.test_id', 'q.question_id']).where('s.test_id', 'in', testIds);
    if (slice) q = q.where('q.question_id', 'in', slice);
    return q.distinct().execute();
  });
}

/** The questions drawn into timed attempts at these tests (among `ids` when given). */
export async function drawnQuestions(db: Executor, testIds: string[], ids?: readonly string[]): Promise<{ test_id: string; question_id: string }[]> {
  if (testIds.length === 0) return [];
  const rows = await overIds(ids, (slice) => {
    let q = db
      .selectFrom('attempts as a')
      .innerJoin('attempt_questions as aq', 'aq.attempt_id', 'a.id')
      .select(['a.test_id', 'aq.question_id'])
      .where('a.test_id', 'in', testIds)
      .where('a.behaviour', '=', 'timed');
    if (slice) q = q.where('aq.question_id', 'in', slice);
    return q.distinct().execute();
  });
  return rows.flatMap((r) => (r.test_id ? [{ test_id: r.test_id, question_id: r.question_id }] : []));
}

/** The questions of a candidate's open timed attempts (among `ids` when given). */
export async function openAttemptQuestions(db: Executor, userId: string, ids?: readonly string[]): Promise<string[]> {
  const rows = await overIds(ids, (slice) => {
    let q = db
      .selectFrom('attempts as a')
      .innerJoin('attempt_questions as aq', 'aq.attempt_id', 'a.id')
      .select('aq.question_id')
      .where('a.user_id', '=', userId)
      .where('a.behaviour', '=', 'timed')
      .where('a.status', '=', 'open');
    if (slice) q = q.where('aq.question_id', 'in', slice);
    return q.distinct().execute();
  });
  return rows.map((r) => r.question_id);
}
