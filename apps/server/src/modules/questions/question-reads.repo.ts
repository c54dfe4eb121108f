import type { Executor } from '../../db/index.js';
import { chunks, filteredQuestions, shownQuestions } from './questions.repo.js';
import type { QuestionsTable } from './questions.table.js';

/*
 * The bank as question-reads.service.ts reads it for other modules: published questions drawn by
 * filter and counted, statuses, languages, summaries and the candidate's view.
 */

export type QuestionDrawFilter = { category?: string; topicId?: string; difficulty?: QuestionsTable['difficulty']; languages?: readonly QuestionsTable['language'][] };

/** Ids of the published questions matching a category (sub-categories included), a topic and a difficulty. */
export async function publishedQuestionIdRows(db: Executor, f: QuestionDrawFilter): Promise<string[]> {
  const rows = await filteredQuestions(db, { ...f, terms: [], status: 'published', offset: 0, limit: 0 }).select('questions.id').execute();
  return rows.map((r) => r.id);
}

/** Of these ids, the questions that exist (and are not hidden in a running import), with their status. */
export async function questionStatusRows(db: Executor, ids: string[]): Promise<{ id: string; status: QuestionsTable['status'] }[]> {
  const out: { id: string; status: QuestionsTable['status'] }[] = [];
  for (const batch of chunks([...new Set(ids)], 500)) {
    out.push(...(await shownQuestions(db).select(['questions.id', 'questions.status']).where('questions.id', 'in', batch).execute()));
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
    let q = filteredQuestions(db, { terms: [], status: 'published', offset: 0, limit: 0, ...(f.category ? { category: f.category } : {}), ...(f.topicId ? { topicId: f.topicId } : {}) });
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
    rows.push(...(await shownQuestions(db).select(['questions.id', 'questions.stem_html', 'questions.status', 'c.path as category_path']).where('questions.id', 'in', part).execute()));
  }
  return rows;
}

export type PublishedCountRow = { category_path: string | null; topic_id: string | null; n: number };

/** How many published questions there are per category and linked topic (by id), those in `except` left out. */
export async function publishedCountRows(db: Executor, except: readonly string[] = []): Promise<PublishedCountRow[]> {
  let query = shownQuestions(db).where('questions.status', '=', 'published');
  if (except.length > 0) query = query.where('questions.id', 'not in', except);
  const rows = await query
    .select(['c.path as category_path', 'questions.topic_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['c.path', 'questions.topic_id'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}
