import type { AdminQuestion } from '@abhyas/contracts';
import { sql } from 'kysely';
import type { QuestionOptionsTable, QuestionsTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { containsTerm, escapeLike } from '../../db/search.js';
import { toIso } from '../../lib/clock.js';
import { parseTags } from '../content/content.dto.js';
import type { Executor } from '../../db/index.js';

type QuestionRow = Selectable<QuestionsTable> & { category_path: string | null; topic_slug: string | null; topic_title: string | null };

export type QuestionFilter = {
  terms: string[];
  category?: string;
  /** A topic's slug. */
  topic?: string;
  type?: QuestionsTable['type'];
  difficulty?: QuestionsTable['difficulty'];
  status?: QuestionsTable['status'];
  tag?: string;
  offset: number;
  limit: number;
};

/** Questions with the category path and linked topic that editors see beside them. */
function joined(db: Executor) {
  return db
    .selectFrom('questions')
    .leftJoin('question_categories as c', 'c.id', 'questions.category_id')
    .leftJoin('topics as t', 't.id', 'questions.topic_id');
}

const EXTRA_COLUMNS = ['c.path as category_path', 't.slug as topic_slug', 't.title as topic_title'] as const;

function filtered(db: Executor, f: QuestionFilter) {
  let q = joined(db);
  // A category includes its sub-categories.
  if (f.category) {
    const below = `${escapeLike(f.category)}/%`;
    q = q.where((eb) => eb.or([eb('c.path', '=', f.category!), sql<boolean>`c.path like ${below} escape '\\'`]));
  }
  if (f.topic) q = q.where('t.slug', '=', f.topic);
  if (f.type) q = q.where('questions.type', '=', f.type);
  if (f.difficulty) q = q.where('questions.difficulty', '=', f.difficulty);
  if (f.status) q = q.where('questions.status', '=', f.status);
  if (f.tag) q = q.where('questions.id', 'in', (eb) => eb.selectFrom('question_tags').select('question_id').where('tag', '=', f.tag!));
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

export async function optionsFor(db: Executor, ids: string[]): Promise<Map<string, Selectable<QuestionOptionsTable>[]>> {
  const byQuestion = new Map<string, Selectable<QuestionOptionsTable>[]>();
  if (ids.length === 0) return byQuestion;
  const rows = await db.selectFrom('question_options').selectAll().where('question_id', 'in', ids).orderBy('question_id').orderBy('position').execute();
  for (const row of rows) byQuestion.set(row.question_id, [...(byQuestion.get(row.question_id) ?? []), row]);
  return byQuestion;
}

/** A question as editors see it, with its options' correct flags: for editor routes only. */
export function toAdminQuestion(row: QuestionRow, options: Selectable<QuestionOptionsTable>[]): AdminQuestion {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    stem: row.stem,
    stemHtml: row.stem_html,
    explanation: row.explanation,
    explanationHtml: row.explanation_html,
    difficulty: row.difficulty,
    marks: row.marks,
    negativeMarks: row.negative_marks,
    categoryPath: row.category_path,
    topic: row.topic_id && row.topic_slug && row.topic_title ? { id: row.topic_id, slug: row.topic_slug, title: row.topic_title } : null,
    tags: parseTags(row.tags),
    language: row.language,
    source: row.source,
    sourceFormat: row.source_format,
    sourceFile: row.source_file,
    status: row.status,
    options: options.map((o) => ({ text: o.text, textHtml: o.text_html, correct: o.fraction > 0, fraction: o.fraction, feedback: o.feedback, feedbackHtml: o.feedback_html })),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
