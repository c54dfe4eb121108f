import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../db/index.js';
import { overIds } from '../../db/in-batches.js';
import { containsTerm, escapeLike } from '../../db/search.js';
import type { TestRow, TestSectionQuestionsTable, TestSectionRow, TestSectionRulesTable, TestSectionsTable, TestsTable } from './papers.table.js';

export type SectionRuleRow = { section_id: string; position: number; category_path: string | null; topic_slug: string | null; difficulty: TestSectionRulesTable['difficulty']; count: number };
/** A section with its fixed questions (in order) and its blueprint rules (in order). */
export type SectionWithContent = TestSectionRow & { questionIds: string[]; rules: SectionRuleRow[] };

export type NewSection = {
  section: Insertable<TestSectionsTable>;
  questions: Insertable<TestSectionQuestionsTable>[];
  rules: Insertable<TestSectionRulesTable>[];
};

/** Inserts a test; undefined when its slug is taken. */
export async function insertTest(db: Executor, row: Insertable<TestsTable>): Promise<TestRow | undefined> {
  return db.insertInto('tests').values(row).onConflict((oc) => oc.column('slug').doNothing()).returningAll().executeTakeFirst();
}

export async function updateTestRow(db: Executor, id: string, patch: Updateable<TestsTable>): Promise<TestRow | undefined> {
  return db.updateTable('tests').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Replaces a test's sections, their questions and rules. Run inside a transaction. */
export async function replaceSections(trx: Executor, testId: string, sections: NewSection[]): Promise<void> {
  await trx.deleteFrom('test_sections').where('test_id', '=', testId).execute();
  if (sections.length === 0) return;
  await trx.insertInto('test_sections').values(sections.map((s) => s.section)).execute();
  const questions = sections.flatMap((s) => s.questions);
  for (let i = 0; i < questions.length; i += 500) await trx.insertInto('test_section_questions').values(questions.slice(i, i + 500)).execute();
  const rules = sections.flatMap((s) => s.rules);
  if (rules.length > 0) await trx.insertInto('test_section_rules').values(rules).execute();
}

export async function findTestById(db: Executor, id: string): Promise<TestRow | undefined> {
  return db.selectFrom('tests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPublishedTestBySlug(db: Executor, slug: string): Promise<TestRow | undefined> {
  return db.selectFrom('tests').selectAll().where('slug', '=', slug).where('status', '=', 'published').where('kind', '=', 'mock').executeTakeFirst();
}

/** Marks a test as a contest's paper (never listed or started on its own) or as a mock test again. */
export async function setTestKind(db: Executor, id: string, kind: 'mock' | 'contest'): Promise<boolean> {
  const result = await db.updateTable('tests').set({ kind }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the moment the test's key may first be shown (null: only its reveal setting decides). */
export async function setKeySealedUntil(db: Executor, id: string, until: number | null): Promise<boolean> {
  const result = await db.updateTable('tests').set({ key_sealed_until: until }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves the moment the test's key may first be shown to `until` when it is sealed until earlier; never lifts or shortens a seal. */
export async function extendKeySealedUntil(db: Executor, id: string, until: number): Promise<void> {
  await db.updateTable('tests').set({ key_sealed_until: until }).where('id', '=', id).where('key_sealed_until', '<', until).execute();
}

export async function findTestIdBySlug(db: Executor, slug: string): Promise<string | undefined> {
  return (await db.selectFrom('tests').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

/** The ids of a test's sections in order. */
export async function sectionIdsOf(db: Executor, testId: string): Promise<string[]> {
  return (await db.selectFrom('test_sections').select('id').where('test_id', '=', testId).orderBy('position').execute()).map((r) => r.id);
}

/** The sections of these tests, in order, with their fixed questions and rules. */
export async function sectionsOf(db: Executor, testIds: string[]): Promise<Map<string, SectionWithContent[]>> {
  const byTest = new Map<string, SectionWithContent[]>();
  if (testIds.length === 0) return byTest;
  const sections = await db.selectFrom('test_sections').selectAll().where('test_id', 'in', testIds).orderBy('test_id').orderBy('position').execute();
  if (sections.length === 0) return byTest;
  const ids = sections.map((s) => s.id);
  const [questions, rules] = await Promise.all([
    db.selectFrom('test_section_questions').select(['section_id', 'question_id']).where('section_id', 'in', ids).orderBy('section_id').orderBy('position').execute(),
    db.selectFrom('test_section_rules').selectAll().where('section_id', 'in', ids).orderBy('section_id').orderBy('position').execute(),
  ]);
  const bySection = new Map<string, SectionWithContent>(sections.map((s) => [s.id, { ...s, questionIds: [], rules: [] }]));
  for (const q of questions) bySection.get(q.section_id)?.questionIds.push(q.question_id);
  for (const r of rules) bySection.get(r.section_id)?.rules.push(r);
  for (const s of bySection.values()) byTest.set(s.test_id, [...(byTest.get(s.test_id) ?? []), s]);
  return byTest;
}

export type AdminTestQuery = { terms: string[]; status?: TestRow['status']; offset: number; limit: number };

function adminFiltered(db: Executor, q: AdminTestQuery) {
  let query = db.selectFrom('tests');
  query = q.status ? query.where('status', '=', q.status) : query.where('status', '!=', 'archived');
  // Titles are matched lower-cased (the terms are), so both dialects compare alike.
  for (const term of q.terms) {
    const pattern = `%${escapeLike(term)}%`;
    query = query.where((eb) => eb.or([sql<boolean>`lower(title) like ${pattern} escape '\\'`, containsTerm('slug', term)]));
  }
  return query;
}

/** One page of tests for editors, most recently changed first, with the total. */
export async function listTestRows(db: Executor, q: AdminTestQuery): Promise<{ rows: TestRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    adminFiltered(db, q).selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute(),
    adminFiltered(db, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Published tests, newest first; with an exam, only that exam's (compared without case). */
export async function listPublishedTestRows(db: Executor, exam?: string): Promise<TestRow[]> {
  let query = db.selectFrom('tests').selectAll().where('status', '=', 'published').where('kind', '=', 'mock');
  if (exam) query = query.where((eb) => eb(eb.fn('lower', ['exam']), '=', exam.toLowerCase()));
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
}

export async function setTestStatus(db: Executor, id: string, status: TestRow['status'], now: number): Promise<boolean> {
  const result = await db
    .updateTable('tests')
    .set((eb) => (status === 'published' ? { status, published_at: eb.fn.coalesce('published_at', eb.val(now)), updated_at: now } : { status, updated_at: now }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteTestRow(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('tests').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function takenTestSlugs(db: Executor, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  return new Set((await db.selectFrom('tests').select('slug').where('slug', 'in', candidates).execute()).map((r) => r.slug));
}

/** What the attempt engine shows of these tests beside their attempts. */
export async function testFactRows(db: Executor, ids: readonly string[]) {
  return overIds(ids, (slice) =>
    db.selectFrom('tests').select(['id', 'slug', 'title', 'languages', 'reveal_mode', 'reveal_at', 'key_sealed_until', 'cut_off']).where('id', 'in', slice!).execute(),
  );
}

/** The declared cut-offs of these tests' sections. */
export async function sectionCutOffRows(db: Executor, testIds: readonly string[]) {
  return overIds(testIds, (slice) => db.selectFrom('test_sections').select(['id', 'test_id', 'cut_off']).where('test_id', 'in', slice!).where('cut_off', 'is not', null).execute());
}

/**
 * Tests whose key is not yet released at `now`: sealed by a contest until its end, or shown from a
 * reveal date still ahead; with whether any of their sections draws from a blueprint.
 */
export async function sealedTestRows(db: Executor, now: number) {
  return db
    .selectFrom('tests')
    .select(['tests.id', 'tests.status', 'tests.key_sealed_until', 'tests.reveal_mode', 'tests.reveal_at'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('test_sections as s').innerJoin('test_section_rules as r', 'r.section_id', 's.id').select(sql`1`.as('one')).whereRef('s.test_id', '=', 'tests.id'))
        .as('blueprint'),
    )
    .where((eb) => eb.or([eb('tests.key_sealed_until', '>', now), eb.and([eb('tests.reveal_mode', '=', 'date'), eb('tests.reveal_at', '>', now)])]))
    .execute();
}

/** The questions listed in these tests' fixed sections (among `ids` when given), each pair once. */
export async function listedQuestionRows(db: Executor, testIds: readonly string[], ids?: readonly string[]): Promise<{ test_id: string; question_id: string }[]> {
  if (testIds.length === 0) return [];
  return overIds(ids, (slice) => {
    let q = db.selectFrom('test_sections as s').innerJoin('test_section_questions as q', 'q.section_id', 's.id').select(['s.test_id', 'q.question_id']).where('s.test_id', 'in', testIds);
    if (slice) q = q.where('q.question_id', 'in', slice);
    return q.distinct().execute();
  });
}

/**
 * Attempts of these tests by status. Read here, from the attempts table, because the attempts module
 * builds on this one and this one cannot call it back.
 */
export async function attemptCounts(db: Executor, testIds: string[]): Promise<Map<string, { open: number; submitted: number }>> {
  const counts = new Map<string, { open: number; submitted: number }>();
  if (testIds.length === 0) return counts;
  const rows = await db
    .selectFrom('attempts')
    .select(['test_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('test_id', 'in', testIds)
    .where('behaviour', '=', 'timed')
    .groupBy(['test_id', 'status'])
    .execute();
  for (const r of rows) {
    if (!r.test_id) continue;
    const c = counts.get(r.test_id) ?? { open: 0, submitted: 0 };
    if (r.status === 'submitted') c.submitted += Number(r.n);
    else c.open += Number(r.n);
    counts.set(r.test_id, c);
  }
  return counts;
}
