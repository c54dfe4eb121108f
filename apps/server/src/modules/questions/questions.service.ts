import type { AdminQuestion, QuestionInput, questionBulkSchema, questionInputSchema, questionListQuerySchema } from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/index.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { searchTerms } from '../../db/search.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound, validationFailed } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { renderField } from '../../lib/markdown/markdown.js';
import { contentHash, fractionsFor, normaliseCategoryPath, questionSearchText } from './question-text.js';
import { parseTranslation, renderTranslation, sameTranslation, translationColumn } from './question-translation.js';
import { linkedTopic, topicFilter, topicsOf } from './question-topics.js';
import { changedFields, recordAudit, recordAudits, type AuditActor } from '../audit/audit.service.js';
import { parseVersionOptions, usedQuestionIds, versionContent, writeEditedVersion, type VersionContent } from './question-versions.repo.js';
import { questionAuditObject, questionAuditView, toAdminQuestion } from './questions.dto.js';
import {
  deleteQuestionRows,
  ensureCategory,
  findQuestionRow,
  insertQuestion,
  linkTaggedQuestions,
  listQuestionRows,
  optionsFor,
  questionRowsByIds,
  replaceQuestion,
  setQuestionStatus,
} from './questions.repo.js';

type Deps = { db: Db; clock: Clock };
type Input = z.output<typeof questionInputSchema>;

const questionNotFound = () => notFound('Question not found');
const identical = () => conflict('An identical question is already in the bank');

export async function listQuestions(deps: Deps, query: z.output<typeof questionListQuerySchema>) {
  // Stored search text is composed (NFC) and lower-cased; the words searched for are made alike.
  const terms = searchTerms(query.search?.normalize('NFC')).map((t) => t.normalize('NFC'));
  const topic = await topicFilter(deps, query.topic);
  if (!topic) return { data: [], total: 0, page: query.page, pageSize: query.pageSize };
  const { rows, total } = await listQuestionRows(deps.db, {
    terms,
    ...(query.category ? { category: normaliseCategoryPath(query.category) } : {}),
    ...topic,
    ...(query.type ? { type: query.type } : {}),
    ...(query.difficulty ? { difficulty: query.difficulty } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.tag ? { tag: query.tag } : {}),
    ...(query.language ? { language: query.language } : {}),
    ...(query.bilingual !== undefined ? { bilingual: query.bilingual } : {}),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const [options, topics] = await Promise.all([optionsFor(deps.db, rows.map((r) => r.id)), topicsOf(deps, rows)]);
  return { data: rows.map((r) => toAdminQuestion(r, options.get(r.id) ?? [], linkedTopic(topics, r.topic_id))), total, page: query.page, pageSize: query.pageSize };
}

/** Of these ids, the questions as editors see them, read on `db` (a transaction's own, inside one). */
async function adminQuestionsOn(db: Executor, ids: string[]): Promise<AdminQuestion[]> {
  const rows = await questionRowsByIds(db, ids);
  const [options, topics] = await Promise.all([optionsFor(db, rows.map((r) => r.id)), topicsOf({ db }, rows)]);
  return rows.map((r) => toAdminQuestion(r, options.get(r.id) ?? [], linkedTopic(topics, r.topic_id)));
}

export async function getQuestion(deps: Deps, id: string): Promise<AdminQuestion> {
  const [question] = await adminQuestionsOn(deps.db, [id]);
  if (!question) throw questionNotFound();
  return question;
}

/** Creates or replaces a question and its options in one transaction, with its record in the audit trail. */
async function save(deps: Deps, actor: AuditActor, input: Input, existingId: string | null, authorId: string | null): Promise<string> {
  const now = deps.clock.now();
  const id = existingId ?? newId();
  // The grade fraction of each option (see questionInputSchema for the marking rule).
  const f = fractionsFor(input.type, input.options.map((o) => o.correct));
  const explanation = input.explanation || null;
  const topicId = input.topicId ?? null;
  const translation = input.translation ? renderTranslation(input.translation, renderField) : null;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const [before] = existingId ? await adminQuestionsOn(trx, [existingId]) : [];
      if (existingId && !before) throw questionNotFound();
      const path = input.categoryPath ? normaliseCategoryPath(input.categoryPath) : '';
      const categoryId = path ? await ensureCategory(trx, path, now, new Map()) : null;
      const row = {
        type: input.type,
        title: input.title || null,
        stem: input.stem,
        stem_html: renderField('stem', input.stem),
        explanation,
        explanation_html: explanation ? renderField('explanation', explanation) : null,
        difficulty: input.difficulty,
        marks: input.marks,
        negative_marks: input.negativeMarks,
        marking: input.marking === 'allOrNothing' ? 'all_or_nothing' : 'partial',
        category_id: categoryId,
        topic_id: topicId,
        tags: JSON.stringify([...new Set(input.tags)]),
        language: input.language,
        translation: translationColumn(translation),
        // Editors write Markdown, so the texts hash exactly like an imported question's.
        content_hash: contentHash({
          type: input.type,
          stem: input.stem,
          options: input.options.map((o, i) => ({ text: o.text, fraction: f[i]! })),
          marking: input.marking,
          language: input.language,
          translation,
        }),
        search_text: questionSearchText(input.title ?? null, input.stem, input.options.map((o) => o.text), translation),
        updated_at: now,
      } as const;
      const options = input.options.map((o, position) => ({ question_id: id, position, text: o.text, text_html: renderField(`options.${position}.text`, o.text), fraction: f[position]!, feedback: o.feedback || null, feedback_html: o.feedback ? renderField(`options.${position}.feedback`, o.feedback) : null }));
      const tags = [...new Set(input.tags)];
      if (existingId) {
        if (before!.status === 'archived') throw conflict('This question is archived: restore it before editing');
        await replaceQuestion(trx, id, row, options, tags);
        // A change to what candidates are shown or marked by becomes a version; one an attempt took is kept.
        const content = versionContent(row, options);
        if (contentChanged(before!, content)) await writeEditedVersion(trx, id, content, actor?.id ?? null, now);
      } else {
        const question = { ...row, id, multilang: null, source: 'manual', source_format: null, source_file: null, id_number: null, shuffle_options: 1, status: 'draft', author_id: authorId, created_at: now } as const;
        await insertQuestion(trx, { question, options, tags });
      }
      const [after] = await adminQuestionsOn(trx, [id]);
      const object = questionAuditObject(after!);
      await recordAudit(
        trx,
        deps.clock,
        actor,
        before ? { kind: 'question.updated', object, ...changedFields(questionAuditView(before), questionAuditView(after!)) } : { kind: 'question.created', object, after: questionAuditView(after!) },
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw identical();
    // The only reference an editor chooses is the topic; the database refuses one that does not exist.
    if (topicId !== null && isForeignKeyViolation(err)) throw validationFailed([{ field: 'topicId', message: 'No learning topic has this id' }]);
    throw err;
  }
  return id;
}

export async function createQuestion(deps: Deps, actor: AuditActor, input: Input, authorId: string | null): Promise<AdminQuestion> {
  return getQuestion(deps, await save(deps, actor, input, null, authorId));
}

export async function updateQuestion(deps: Deps, actor: AuditActor, id: string, input: Input): Promise<AdminQuestion> {
  if (!(await findQuestionRow(deps.db, id))) throw questionNotFound();
  return getQuestion(deps, await save(deps, actor, input, id, null));
}

/** Whether an edit changes what a candidate is shown or marked by (the current version's content). */
function contentChanged(before: AdminQuestion, next: VersionContent): boolean {
  const options = parseVersionOptions(next.options);
  return (
    before.type !== next.type ||
    (before.marking === 'allOrNothing' ? 'all_or_nothing' : 'partial') !== next.marking ||
    before.language !== next.language ||
    before.stem !== next.stem ||
    (before.explanation ?? null) !== next.explanation ||
    before.marks !== next.marks ||
    before.negativeMarks !== next.negative_marks ||
    before.options.length !== options.length ||
    before.options.some((o, i) => o.text !== options[i]!.text || o.fraction !== options[i]!.fraction || (o.feedback ?? null) !== options[i]!.feedback) ||
    !sameTranslation(before.translation, parseTranslation(next.translation))
  );
}

const listedByATest = () => conflict('A test lists one of these questions: take it out of the test first');

/**
 * Publishes, unpublishes, deletes or restores many questions at once; answers how many changed, and
 * of a delete how many were archived instead. A question some attempt or practice session used is
 * archived, never deleted: out of the bank list, practice, draws and new tests, and kept as it was
 * for every attempt that has it; `restore` brings it back as a draft. Only an unused question is
 * deleted; one a test's question list names is refused (409) until it is taken out. The audit trail
 * gets one record per question the action changed (a deletion keeps what the question said).
 */
export async function bulkQuestions(deps: Deps, actor: AuditActor, { ids, action }: z.output<typeof questionBulkSchema>): Promise<{ affected: number; archived: number }> {
  const unique = [...new Set(ids)];
  const now = deps.clock.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const questions = await adminQuestionsOn(trx, unique);
      if (action === 'delete') {
        const used = await usedQuestionIds(trx, unique);
        const archive = questions.filter((q) => used.has(q.id) && q.status !== 'archived');
        const remove = questions.filter((q) => !used.has(q.id));
        const deleted = remove.length > 0 ? await deleteQuestionRows(trx, remove.map((q) => q.id)) : 0;
        if (archive.length > 0) await setQuestionStatus(trx, archive.map((q) => q.id), 'archived', now);
        await recordAudits(trx, deps.clock, actor, [
          ...remove.map((q) => ({ kind: 'question.deleted' as const, object: questionAuditObject(q), before: questionAuditView(q) })),
          ...archive.map((q) => ({ kind: 'question.archived' as const, object: questionAuditObject(q), before: { status: q.status }, after: { status: 'archived' } })),
        ]);
        return { affected: deleted + archive.length, archived: archive.length };
      }
      const status = action === 'publish' ? 'published' : 'draft';
      // Publishing or unpublishing leaves archived questions as they are; restoring moves only those.
      const moved = questions.filter((q) => (action === 'restore' ? q.status === 'archived' : q.status !== status && q.status !== 'archived'));
      if (moved.length > 0) await setQuestionStatus(trx, moved.map((q) => q.id), status, now);
      await recordAudits(
        trx,
        deps.clock,
        actor,
        moved.map((q) => ({ kind: action === 'restore' ? 'question.restored' : 'questions.bulk_changed', object: questionAuditObject(q), before: { status: q.status }, after: { status } })),
      );
      return { affected: moved.length, archived: 0 };
    });
  } catch (err) {
    if (action === 'delete' && isForeignKeyViolation(err)) throw listedByATest();
    throw err;
  }
}

/** Links the questions carrying a tag, and not linked to a topic yet, to a topic. */
export async function linkQuestionsToTopic(deps: Deps, tag: string, topicId: string): Promise<void> {
  await linkTaggedQuestions(deps.db, tag, topicId);
}

export type { QuestionInput };
export { recordKeyDecision, toKeyDecision } from './key-decisions.js';
export {
  currentQuestionsForDelivery,
  questionPlaces,
  questionsForDelivery,
  questionVersion, questionVersionHistory, takeQuestionVersions,
  type DeliveryQuestion,
  type DeliveryTranslation,
  type QuestionPlace,
  type VersionRef,
} from './question-versions.js';
