import type { AdminQuestion } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import { parseTags } from '../../lib/tags.js';
import { firstCharacters } from '../../lib/text.js';
import { languagesOf, toAdminTranslation } from './question-translation.js';
import type { QuestionOptionRow, QuestionRow } from './questions.repo.js';

/** A question as editors see it, with its options' correct flags: for editor routes only. */
/** `topic` is the linked topic as the topics module names it. */
export function toAdminQuestion(row: QuestionRow, options: QuestionOptionRow[], topic: AdminQuestion['topic']): AdminQuestion {
  const translation = toAdminTranslation(row.translation);
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
    marking: row.marking === 'all_or_nothing' ? 'allOrNothing' : 'partial',
    categoryPath: row.category_path,
    topic,
    tags: parseTags(row.tags),
    language: row.language,
    translation,
    languages: languagesOf(row.language, translation),
    source: row.source,
    sourceFormat: row.source_format,
    sourceFile: row.source_file,
    status: row.status,
    version: row.version,
    options: options.map((o) => ({ text: o.text, textHtml: o.text_html, correct: o.fraction > 0, fraction: o.fraction, feedback: o.feedback, feedbackHtml: o.feedback_html })),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The first characters of a question's stem, whitespace folded: how the audit trail names a question. */
export function questionLabel(stem: string): string {
  const text = stem.replace(/\s+/g, ' ').trim();
  const cut = firstCharacters(text, 80);
  return cut === text ? text : `${cut}…`;
}

/**
 * A question as the audit trail records it: what decides how it reads and is marked, the stem and
 * options as the editor wrote them (text, not HTML), the correct options by letter; a question in two
 * languages also its other language's stem and options.
 */
export function questionAuditView(q: AdminQuestion) {
  return {
    type: q.type,
    stem: q.stem,
    options: q.options.map((o) => o.text),
    correct: q.options.flatMap((o, i) => (o.correct ? [String.fromCharCode(65 + i)] : [])),
    marks: q.marks,
    negativeMarks: q.negativeMarks,
    marking: q.marking,
    difficulty: q.difficulty,
    category: q.categoryPath,
    topic: q.topic?.title ?? null,
    status: q.status,
    ...(q.translation ? { translation: { language: q.translation.language, stem: q.translation.stem, options: q.translation.options.map((o) => o.text) } } : {}),
  };
}

export const questionAuditObject = (q: AdminQuestion) => ({ type: 'question' as const, id: q.id, label: questionLabel(q.stem) });
