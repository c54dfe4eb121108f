import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/index.js';
import { containsTerm, escapeLike } from '../../db/search.js';
import { newId } from '../../lib/ids.js';
import { insertFirstVersions, versionContent } from './question-versions.repo.js';
import type { QuestionOptionsTable, QuestionsTable } from './questions.table.js';

/*
 * The editors' bank: questions listed by filter, read, written with their options and tags, archived
 * and deleted, and the query every read of the bank starts from (a hidden import's questions left out).
 * An import's rows are question-imports.repo.ts's; the reads other modules make, question-reads.repo.ts's.
 */

/** The id of a category path, creating it and its missing parents. */
export async function ensureCategory(db: Executor, path: string, now: number, known: Map<string, string>): Promise<string> {
  const cached = known.get(path);
  if (cached) return cached;
  const parts = path.split('/');
  let parentId: string | null = null;
  for (let depth = 1; depth <= parts.length; depth += 1) {
    const sub = parts.slice(0, depth).join('/');
    let id = known.get(sub);
    if (!id) {
      await db
        .insertInto('question_categories')
        .values({ id: newId(), parent_id: parentId, name: parts[depth - 1]!, path: sub, created_at: now })
        .onConflict((oc) => oc.column('path').doNothing())
        .execute();
      id = (await db.selectFrom('question_categories').select('id').where('path', '=', sub).executeTakeFirstOrThrow()).id;
      known.set(sub, id);
    }
    parentId = id;
  }
  return parentId!;
}

export type NewQuestion = { question: Insertable<QuestionsTable>; options: Insertable<QuestionOptionsTable>[]; tags: string[] };

/** Option or tag rows a statement may carry, within SQLite's 32,766 bound parameters. */
export const OPTION_ROWS_PER_STATEMENT = 1000;

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type QuestionOptionRow = Selectable<QuestionOptionsTable>;
export type QuestionRow = Selectable<QuestionsTable> & { category_path: string | null };

export type QuestionFilter = {
  terms: string[];
  category?: string;
  /** A topic's id (the service finds it from the slug editors filter by). */
  topicId?: string;
  type?: QuestionsTable['type'];
  difficulty?: QuestionsTable['difficulty'];
  status?: QuestionsTable['status'];
  tag?: string;
  /** Questions readable in this language: written in it, or with a translation (always into the other one). */
  language?: QuestionsTable['language'];
  /** true: questions in both languages; false: those in one. */
  bilingual?: boolean;
  /** Questions readable in every one of these languages (a test's). */
  languages?: readonly QuestionsTable['language'][];
  offset: number;
  limit: number;
};

/**
 * Questions with the category path that editors see beside them (the linked topic's slug and title
 * come from the topics module). A question of an import not yet published (still in question_imports)
 * is not seen.
 */
export function shownQuestions(db: Executor) {
  return db
    .selectFrom('questions')
    .leftJoin('question_categories as c', 'c.id', 'questions.category_id')
    .where((eb) => eb.or([eb('questions.import_id', 'is', null), eb('questions.import_id', 'not in', eb.selectFrom('question_imports').select('id'))]));
}

const EXTRA_COLUMNS = ['c.path as category_path'] as const;

export function filteredQuestions(db: Executor, f: QuestionFilter) {
  let q = shownQuestions(db);
  // A category includes its sub-categories.
  if (f.category) {
    const below = `${escapeLike(f.category)}/%`;
    q = q.where((eb) => eb.or([eb('c.path', '=', f.category!), sql<boolean>`c.path like ${below} escape '\\'`]));
  }
  if (f.topicId) q = q.where('questions.topic_id', '=', f.topicId);
  if (f.type) q = q.where('questions.type', '=', f.type);
  if (f.difficulty) q = q.where('questions.difficulty', '=', f.difficulty);
  q = f.status ? q.where('questions.status', '=', f.status) : q.where('questions.status', '!=', 'archived');
  if (f.tag) q = q.where('questions.id', 'in', (eb) => eb.selectFrom('question_tags').select('question_id').where('tag', '=', f.tag!));
  if (f.language) q = q.where((eb) => eb.or([eb('questions.language', '=', f.language!), eb('questions.translation', 'is not', null)]));
  if (f.bilingual !== undefined) q = q.where('questions.translation', f.bilingual ? 'is not' : 'is', null);
  for (const language of f.languages ?? []) q = q.where((eb) => eb.or([eb('questions.language', '=', language), eb('questions.translation', 'is not', null)]));
  for (const term of f.terms) q = q.where(containsTerm('questions.search_text', term));
  return q;
}

/** One page of questions for editors, newest first, with the total. */
export async function listQuestionRows(db: Executor, f: QuestionFilter): Promise<{ rows: QuestionRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filteredQuestions(db, f).selectAll('questions').select(EXTRA_COLUMNS).orderBy('questions.created_at', 'desc').orderBy('questions.id', 'desc').offset(f.offset).limit(f.limit).execute(),
    filteredQuestions(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findQuestionRow(db: Executor, id: string): Promise<QuestionRow | undefined> {
  return shownQuestions(db).selectAll('questions').select(EXTRA_COLUMNS).where('questions.id', '=', id)
    .executeTakeFirst();
}

/** Of these ids, the questions shown to editors, in no particular order. */
export async function questionRowsByIds(db: Executor, ids: string[]): Promise<QuestionRow[]> {
  const rows: QuestionRow[] = [];
  for (const batch of chunks([...new Set(ids)], 500)) rows.push(...(await shownQuestions(db).selectAll('questions').select(EXTRA_COLUMNS).where('questions.id', 'in', batch).execute()));
  return rows;
}

export async function optionsFor(db: Executor, ids: string[]): Promise<Map<string, QuestionOptionRow[]>> {
  const byQuestion = new Map<string, QuestionOptionRow[]>();
  if (ids.length === 0) return byQuestion;
  const rows = await db.selectFrom('question_options').selectAll().where('question_id', 'in', ids).orderBy('question_id').orderBy('position').execute();
  for (const row of rows) byQuestion.set(row.question_id, [...(byQuestion.get(row.question_id) ?? []), row]);
  return byQuestion;
}

async function insertOptionsAndTags(trx: Executor, questionId: string, options: Insertable<QuestionOptionsTable>[], tags: string[]): Promise<void> {
  await trx.insertInto('question_options').values(options).execute();
  if (tags.length > 0) await trx.insertInto('question_tags').values(tags.map((tag) => ({ question_id: questionId, tag }))).execute();
}

/** Inserts one question with its options and tags; an identical question (same content hash) fails on the unique constraint. */
export async function insertQuestion(trx: Executor, item: NewQuestion): Promise<void> {
  await trx.insertInto('questions').values(item.question).execute();
  await insertOptionsAndTags(trx, item.question.id as string, item.options, item.tags);
  await insertFirstVersions(trx, [firstVersionOf(item)]);
}

/** A new question's version 1: its content, by its author, when it was made. */
export const firstVersionOf = ({ question: q, options }: NewQuestion) => ({
  questionId: q.id,
  content: versionContent(
    {
      type: q.type,
      marking: q.marking,
      language: q.language ?? 'en',
      stem: q.stem,
      stem_html: q.stem_html,
      explanation: q.explanation ?? null,
      explanation_html: q.explanation_html ?? null,
      marks: q.marks,
      negative_marks: q.negative_marks,
      translation: q.translation ?? null,
    },
    options,
  ),
  createdBy: q.author_id ?? null,
  at: q.created_at,
});

/** Replaces a question's columns, options and tags. Run inside a transaction. */
export async function replaceQuestion(trx: Executor, id: string, question: Updateable<QuestionsTable>, options: Insertable<QuestionOptionsTable>[], tags: string[]): Promise<void> {
  await trx.updateTable('questions').set(question).where('id', '=', id).execute();
  await trx.deleteFrom('question_options').where('question_id', '=', id).execute();
  await trx.deleteFrom('question_tags').where('question_id', '=', id).execute();
  await insertOptionsAndTags(trx, id, options, tags);
}

/**
 * Deletes questions (their options, tags and versions go with them); answers how many there were. The
 * database refuses one an attempt or a test's question list names.
 */
export async function deleteQuestionRows(db: Executor, ids: string[]): Promise<number> {
  const r = await db.deleteFrom('questions').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function setQuestionStatus(db: Executor, ids: string[], status: QuestionsTable['status'], now: number): Promise<number> {
  const r = await db.updateTable('questions').set({ status, updated_at: now }).where('id', 'in', ids).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Links the questions carrying a tag, and not linked yet, to a topic. */
export async function linkTaggedQuestions(db: Executor, tag: string, topicId: string): Promise<void> {
  await db
    .updateTable('questions')
    .set({ topic_id: topicId })
    .where('topic_id', 'is', null)
    .where('id', 'in', (eb) => eb.selectFrom('question_tags').select('question_id').where('tag', '=', tag))
    .execute();
}
