import type { AdminQuestion } from '@abhyas/contracts';
import { toIso } from '../../lib/clock.js';
import { parseTags } from '../../lib/tags.js';
import type { QuestionOptionRow, QuestionRow } from './questions.repo.js';

/** A question as editors see it, with its options' correct flags: for editor routes only. */
/** `topic` is the linked topic as the topics module names it. */
export function toAdminQuestion(row: QuestionRow, options: QuestionOptionRow[], topic: AdminQuestion['topic']): AdminQuestion {
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
    source: row.source,
    sourceFormat: row.source_format,
    sourceFile: row.source_file,
    status: row.status,
    options: options.map((o) => ({ text: o.text, textHtml: o.text_html, correct: o.fraction > 0, fraction: o.fraction, feedback: o.feedback, feedbackHtml: o.feedback_html })),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
