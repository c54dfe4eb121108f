import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/index.js';
import { containsTerm, escapeLike } from '../../db/search.js';
import { newId } from '../../lib/ids.js';
import { insertFirstVersions, versionContent } from './question-versions.repo.js';
import type { QuestionOptionsTable, QuestionsTable } from './questions.table.js';

/**
 * Which of these content hashes are already stored. A question of an import still running counts
 * (a concurrent import of the same file adds nothing twice); one of an abandoned import does not.
 */
export async function existingHashes(db: Executor, hashes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db
      .selectFrom('questions')
      .select('content_hash')
      .where('content_hash', 'in', hashes.slice(i, i + 500))
      .where((eb) => eb.or([eb('import_id', 'is', null), eb('import_id', 'not in', eb.selectFrom('question_imports').select('id').where('state', '=', 'failed'))]))
      .execute();
    for (const r of rows) found.add(r.content_hash);
  }
  return found;
}

/** Starts an import: its questions stay hidden until publishImport. */
export async function beginImport(db: Executor, id: string, now: number): Promise<void> {
  await db.insertInto('question_imports').values({ id, state: 'running', started_at: now, heartbeat_at: now }).execute();
}

/** Shows that a running import is still alive. */
export async function touchImport(db: Executor, id: string, now: number): Promise<void> {
  await db.updateTable('question_imports').set({ heartbeat_at: now }).where('id', '=', id).execute();
}

/** Shows every question of a running import at once; false when the import was abandoned meanwhile. */
export async function publishImport(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('question_imports').where('id', '=', id).where('state', '=', 'running').executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function markImportFailed(db: Executor, id: string): Promise<void> {
  await db.updateTable('question_imports').set({ state: 'failed' }).where('id', '=', id).execute();
}

/** Imports given up, or running without a sign of life since `staleBefore`. */
export async function abandonedImports(db: Executor, staleBefore: number): Promise<string[]> {
  const rows = await db
    .selectFrom('question_imports')
    .select('id')
    .where((eb) => eb.or([eb('state', '=', 'failed'), eb('heartbeat_at', '<', staleBefore)]))
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes up to `limit` questions of an import (options and tags go with them); answers how many. */
export async function deleteImportedQuestions(db: Executor, importId: string, limit: number): Promise<number> {
  const r = await db
    .deleteFrom('questions')
    .where('id', 'in', (eb) => eb.selectFrom('questions').select('id').where('import_id', '=', importId).limit(limit))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteImport(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('question_imports').where('id', '=', id).execute();
}

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

/** Rows a statement may carry, within SQLite's 32,766 bound parameters. */
const QUESTION_ROWS_PER_STATEMENT = 200;
const OPTION_ROWS_PER_STATEMENT = 1000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Inserts questions with their options and tags, a few hundred rows a statement. A question already
 * stored (same content hash) is left alone, and so are its options and tags.
 */
export async function insertQuestions(db: Executor, items: NewQuestion[]): Promise<number> {
  const inserted = new Set<string>();
  for (const batch of chunks(items, QUESTION_ROWS_PER_STATEMENT)) {
    const rows = await db
      .insertInto('questions')
      .values(batch.map((i) => i.question))
      .onConflict((oc) => oc.column('content_hash').doNothing())
      .returning('id')
      .execute();
    for (const r of rows) inserted.add(r.id);
  }
  const kept = items.filter((i) => inserted.has(i.question.id as string));
  for (const batch of chunks(kept.flatMap((i) => i.options), OPTION_ROWS_PER_STATEMENT)) await db.insertInto('question_options').values(batch).execute();
  await insertFirstVersions(db, kept.map(firstVersionOf));
  const tags = kept.flatMap((i) => i.tags.map((tag) => ({ question_id: i.question.id as string, tag })));
  for (const batch of chunks(tags, OPTION_ROWS_PER_STATEMENT)) await db.insertInto('question_tags').values(batch).execute();
  return inserted.size;
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
function joined(db: Executor) {
  return db
    .selectFrom('questions')
    .leftJoin('question_categories as c', 'c.id', 'questions.category_id')
    .where((eb) => eb.or([eb('questions.import_id', 'is', null), eb('questions.import_id', 'not in', eb.selectFrom('question_imports').select('id'))]));
}

const EXTRA_COLUMNS = ['c.path as category_path'] as const;

function filtered(db: Executor, f: QuestionFilter) {
  let q = joined(db);
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
    filtered(db, f).selectAll('questions').select(EXTRA_COLUMNS).orderBy('questions.created_at', 'desc').orderBy('questions.id', 'desc').offset(f.offset).limit(f.limit).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findQuestionRow(db: Executor, id: string): Promise<QuestionRow | undefined> {
  return joined(db).selectAll('questions').select(EXTRA_COLUMNS).where('questions.id', '=', id)
    .executeTakeFirst();
}

/** Of these ids, the questions shown to editors, in no particular order. */
export async function questionRowsByIds(db: Executor, ids: string[]): Promise<QuestionRow[]> {
  const rows: QuestionRow[] = [];
  for (const batch of chunks([...new Set(ids)], 500)) rows.push(...(await joined(db).selectAll('questions').select(EXTRA_COLUMNS).where('questions.id', 'in', batch).execute()));
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
const firstVersionOf = ({ question: q, options }: NewQuestion) => ({
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

export type DeliveryRow = Pick<QuestionRow, 'id' | 'type' | 'marking' | 'stem' | 'stem_html' | 'explanation_html' | 'shuffle_options' | 'category_path' | 'topic_id'>;

/** What an attempt shows and marks, for the given questions (hidden imports left out). */
export async function deliveryRows(db: Executor, ids: string[]): Promise<DeliveryRow[]> {
  const rows: DeliveryRow[] = [];
  for (const batch of chunks([...new Set(ids)], OPTION_ROWS_PER_STATEMENT)) {
    rows.push(
      ...(await joined(db)
        .select(['questions.id', 'questions.type', 'questions.marking', 'questions.stem', 'questions.stem_html', 'questions.explanation_html', 'questions.shuffle_options', 'questions.topic_id', ...EXTRA_COLUMNS])
        .where('questions.id', 'in', batch)
        .execute()),
    );
  }
  return rows;
}

export type QuestionDrawFilter = { category?: string; topicId?: string; difficulty?: QuestionsTable['difficulty']; languages?: readonly QuestionsTable['language'][] };

/** Ids of the published questions matching a category (sub-categories included), a topic and a difficulty. */
export async function publishedQuestionIdRows(db: Executor, f: QuestionDrawFilter): Promise<string[]> {
  const rows = await filtered(db, { ...f, terms: [], status: 'published', offset: 0, limit: 0 }).select('questions.id').execute();
  return rows.map((r) => r.id);
}

/** Of these ids, the questions that exist (and are not hidden in a running import), with their status. */
export async function questionStatusRows(db: Executor, ids: string[]): Promise<{ id: string; status: QuestionsTable['status'] }[]> {
  const out: { id: string; status: QuestionsTable['status'] }[] = [];
  for (const batch of chunks([...new Set(ids)], 500)) {
    out.push(...(await joined(db).select(['questions.id', 'questions.status']).where('questions.id', 'in', batch).execute()));
  }
  return out;
}

type CandidateRow = Pick<QuestionsTable, 'id' | 'type' | 'stem_html' | 'language' | 'translation'>;

/** What a candidate may see of these questions: type, language and rendered stem (the translation's JSON too), never the key. */
export async function candidateQuestionRows(db: Executor, ids: string[]): Promise<CandidateRow[]> {
  const out: CandidateRow[] = [];
  for (const batch of chunks([...new Set(ids)], 500)) {
    out.push(...(await db.selectFrom('questions').select(['id', 'type', 'stem_html', 'language', 'translation']).where('id', 'in', batch).execute()));
  }
  return out;
}

/** Of these ids, each question's own language and whether it has a translation (into the other one). */
export async function questionLanguageRows(db: Executor, ids: string[]): Promise<{ id: string; language: QuestionsTable['language']; translated: boolean }[]> {
  const out: { id: string; language: QuestionsTable['language']; translated: boolean }[] = [];
  for (const batch of chunks([...new Set(ids)], 500)) {
    const rows = await db.selectFrom('questions').select(['id', 'language', (eb) => eb('translation', 'is not', null).as('translated')]).where('id', 'in', batch).execute();
    out.push(...rows.map((r) => ({ id: r.id, language: r.language, translated: Boolean(r.translated) })));
  }
  return out;
}

export type PublishedQuestionRef = { id: string; difficulty: QuestionsTable['difficulty'] };

/**
 * Published questions matching every filter given (a category includes its sub-categories; `ids`
 * narrows to those questions), as ids with their difficulty, in a stable order.
 */
export async function publishedQuestionRefs(
  db: Executor,
  f: { category?: string; topicId?: string; difficulties?: QuestionsTable['difficulty'][]; ids?: string[] },
): Promise<PublishedQuestionRef[]> {
  const query = () => {
    let q = filtered(db, { terms: [], status: 'published', offset: 0, limit: 0, ...(f.category ? { category: f.category } : {}), ...(f.topicId ? { topicId: f.topicId } : {}) });
    if (f.difficulties) q = q.where('questions.difficulty', 'in', f.difficulties);
    return q.select(['questions.id', 'questions.difficulty']).orderBy('questions.id');
  };
  if (f.difficulties?.length === 0) return [];
  if (!f.ids) return query().execute();
  const rows: PublishedQuestionRef[] = [];
  for (const ids of chunks([...new Set(f.ids)], 500)) rows.push(...(await query().where('questions.id', 'in', ids).execute()));
  return rows;
}

export type QuestionSummaryRow = { id: string; stem_html: string; status: QuestionsTable['status']; category_path: string | null };

/** The stem and category of each of these questions that is stored and shown (any status). */
export async function questionSummaryRows(db: Executor, ids: string[]): Promise<QuestionSummaryRow[]> {
  const rows: QuestionSummaryRow[] = [];
  for (const part of chunks([...new Set(ids)], 500)) {
    rows.push(...(await joined(db).select(['questions.id', 'questions.stem_html', 'questions.status', 'c.path as category_path']).where('questions.id', 'in', part).execute()));
  }
  return rows;
}

export type PublishedCountRow = { category_path: string | null; topic_id: string | null; n: number };

/** How many published questions there are per category and linked topic (by id), those in `except` left out. */
export async function publishedCountRows(db: Executor, except: readonly string[] = []): Promise<PublishedCountRow[]> {
  let query = joined(db).where('questions.status', '=', 'published');
  if (except.length > 0) query = query.where('questions.id', 'not in', except);
  const rows = await query
    .select(['c.path as category_path', 'questions.topic_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['c.path', 'questions.topic_id'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}
