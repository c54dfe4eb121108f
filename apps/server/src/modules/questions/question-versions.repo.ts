import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { QuestionOptionsTable, QuestionVersionsTable, QuestionsTable, VersionOption } from './questions.table.js';

export type VersionRow = Selectable<QuestionVersionsTable>;
export type VersionRef = { id: string; version: number };

/** What a version holds of a question: the columns a candidate is shown and marked by, in both languages. */
export type VersionContent = Pick<QuestionVersionsTable, 'type' | 'marking' | 'language' | 'stem' | 'stem_html' | 'explanation' | 'explanation_html' | 'marks' | 'negative_marks' | 'options' | 'translation'>;

/** A version's content from a question's columns and its options' rows, in bank order. */
export function versionContent(
  q: Pick<QuestionsTable, 'type' | 'marking' | 'language' | 'stem' | 'stem_html' | 'explanation' | 'explanation_html' | 'marks' | 'negative_marks' | 'translation'>,
  options: Pick<Insertable<QuestionOptionsTable>, 'position' | 'text' | 'text_html' | 'fraction' | 'feedback' | 'feedback_html'>[],
): VersionContent {
  const list: VersionOption[] = [...options]
    .sort((a, b) => a.position - b.position)
    .map((o) => ({ text: o.text, html: o.text_html, fraction: o.fraction, feedback: o.feedback ?? null, feedbackHtml: o.feedback_html ?? null }));
  return {
    type: q.type,
    marking: q.marking,
    language: q.language,
    stem: q.stem,
    stem_html: q.stem_html,
    explanation: q.explanation,
    explanation_html: q.explanation_html,
    marks: q.marks,
    negative_marks: q.negative_marks,
    options: JSON.stringify(list),
    translation: q.translation,
  };
}

export const parseVersionOptions = (json: string): VersionOption[] => JSON.parse(json) as VersionOption[];

const ROWS_PER_STATEMENT = 200;

/** Writes version 1 of new questions. */
export async function insertFirstVersions(db: Executor, rows: { questionId: string; content: VersionContent; createdBy: string | null; at: number }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto('question_versions')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => ({ question_id: r.questionId, version: 1, ...r.content, created_by: r.createdBy, created_at: r.at })))
      .execute();
  }
}

/**
 * Records an edit of a question's content. The current version is rewritten in place while no attempt
 * has taken it; once one has, the question moves to the next version and the one taken is kept as it
 * is. On PostgreSQL the conditional update waits for an attempt taking the version at the same moment
 * and then sees it taken. Answers the question's version now.
 */
export async function writeEditedVersion(trx: Executor, questionId: string, content: VersionContent, createdBy: string | null, at: number): Promise<number> {
  const current = trx.selectFrom('questions').select('version').where('id', '=', questionId);
  const inPlace = await trx
    .updateTable('question_versions')
    .set({ ...content, created_by: createdBy, created_at: at })
    .where('question_id', '=', questionId)
    .where('version', '=', current)
    .where('first_used_at', 'is', null)
    .returning('version')
    .executeTakeFirst();
  if (inPlace) return inPlace.version;
  const { version } = await trx
    .updateTable('questions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', questionId)
    .returning('version')
    .executeTakeFirstOrThrow();
  await trx.insertInto('question_versions').values({ question_id: questionId, version, ...content, created_by: createdBy, created_at: at }).execute();
  return version;
}

/** Marks versions as taken by an attempt (the first time only), so an edit keeps them as they are. */
export async function markVersionsUsed(db: Executor, refs: readonly VersionRef[], at: number): Promise<void> {
  const byVersion = new Map<number, string[]>();
  for (const r of refs) byVersion.set(r.version, [...(byVersion.get(r.version) ?? []), r.id]);
  for (const [version, ids] of byVersion) {
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable('question_versions')
        .set({ first_used_at: at })
        .where('version', '=', version)
        .where('question_id', 'in', ids.slice(i, i + 500))
        .where('first_used_at', 'is', null)
        .execute();
    }
  }
}

/** Of these questions, those with a version some attempt has taken. */
export async function usedQuestionIds(db: Executor, ids: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('question_versions')
      .select('question_id')
      .distinct()
      .where('question_id', 'in', ids.slice(i, i + 500))
      .where('first_used_at', 'is not', null)
      .execute();
    for (const r of rows) used.add(r.question_id);
  }
  return used;
}

export type DeliveryVersionRow = VersionRow & Pick<QuestionsTable, 'shuffle_options' | 'topic_id' | 'status'> & { category_path: string | null; current_version: number };

function deliveryQuery(db: Executor) {
  return db
    .selectFrom('question_versions as v')
    .innerJoin('questions as q', 'q.id', 'v.question_id')
    .leftJoin('question_categories as c', 'c.id', 'q.category_id')
    .selectAll('v')
    .select(['q.shuffle_options', 'q.topic_id', 'q.status', 'q.version as current_version', 'c.path as category_path']);
}

/** Exactly these versions, archived questions included (an attempt keeps what it was given). */
export async function versionDeliveryRows(db: Executor, refs: readonly VersionRef[]): Promise<DeliveryVersionRow[]> {
  const wanted = new Set(refs.map((r) => `${r.version}:${r.id}`));
  const ids = [...new Set(refs.map((r) => r.id))];
  const versions = [...new Set(refs.map((r) => r.version))];
  const rows: DeliveryVersionRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const found = await deliveryQuery(db)
      .where('v.question_id', 'in', ids.slice(i, i + 500))
      .where('v.version', 'in', versions)
      .execute();
    rows.push(...found.filter((r) => wanted.has(`${r.version}:${r.question_id}`)));
  }
  return rows;
}

/**
 * Where exactly these versions' questions belong (category path and topic), without their texts and
 * options: what a result groups its questions by. The same versions as versionDeliveryRows finds.
 */
export async function versionPlaceRows(db: Executor, refs: readonly VersionRef[]): Promise<{ question_id: string; category_path: string | null; topic_id: string | null }[]> {
  const wanted = new Set(refs.map((r) => `${r.version}:${r.id}`));
  const ids = [...new Set(refs.map((r) => r.id))];
  const versions = [...new Set(refs.map((r) => r.version))];
  const rows: { question_id: string; category_path: string | null; topic_id: string | null }[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const found = await db
      .selectFrom('question_versions as v')
      .innerJoin('questions as q', 'q.id', 'v.question_id')
      .leftJoin('question_categories as c', 'c.id', 'q.category_id')
      .select(['v.question_id', 'v.version', 'q.topic_id', 'c.path as category_path'])
      .where('v.question_id', 'in', ids.slice(i, i + 500))
      .where('v.version', 'in', versions)
      .execute();
    for (const r of found) if (wanted.has(`${r.version}:${r.question_id}`)) rows.push({ question_id: r.question_id, category_path: r.category_path, topic_id: r.topic_id });
  }
  return rows;
}

/**
 * The current version of each of these questions, for something new: archived questions and those of
 * an import still being written are left out.
 */
export async function currentDeliveryRows(db: Executor, ids: readonly string[]): Promise<DeliveryVersionRow[]> {
  const unique = [...new Set(ids)];
  const rows: DeliveryVersionRow[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    rows.push(
      ...(await deliveryQuery(db)
        .whereRef('v.version', '=', 'q.version')
        .where('v.question_id', 'in', unique.slice(i, i + 500))
        .where('q.status', '!=', 'archived')
        .where((eb) => eb.or([eb('q.import_id', 'is', null), eb('q.import_id', 'not in', eb.selectFrom('question_imports').select('id'))]))
        .execute()),
    );
  }
  return rows;
}

/** Every version of a question, oldest first, with the name of whoever wrote each. */
export async function versionHistoryRows(db: Executor, questionId: string): Promise<(VersionRow & { author_name: string | null })[]> {
  return db
    .selectFrom('question_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .selectAll('v')
    .select('u.name as author_name')
    .where('v.question_id', '=', questionId)
    .orderBy('v.version')
    .execute();
}
