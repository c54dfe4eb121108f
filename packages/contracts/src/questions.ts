import { z } from 'zod';
import { QUESTION_LIMITS, questionLanguageSchema, questionText, questionTranslationInputSchema, questionTranslationSchema } from './questions-languages.js';
import { safeText } from './text.js';

import { QUESTION_DIFFICULTIES, QUESTION_MARKINGS, QUESTION_TYPES } from './question-kinds.js';

export { QUESTION_DIFFICULTIES, QUESTION_MARKINGS, QUESTION_TYPES, type QuestionMarking, type QuestionType } from './question-kinds.js';

export const questionOptionInputSchema = z.strictObject({
  text: questionText('Option', QUESTION_LIMITS.optionMax).min(1, { error: 'An option cannot be empty' }),
  correct: z.boolean({ error: 'Say whether the option is correct' }),
  feedback: questionText('Feedback', QUESTION_LIMITS.optionMax).optional(),
});

/**
 * A question as an editor writes it. Marking: a single-answer or true/false question earns its
 * marks for the correct option. A multiple-answer question is marked `partial` by default: its
 * marks are split evenly among the correct options, and each wrong option chosen takes away the same
 * share (never below zero for the question); marked `allOrNothing`, it earns its marks only when
 * exactly the correct options are chosen, and nothing otherwise. Negative marks apply when the answer
 * earns nothing. `allOrNothing` on a single-answer or true/false question is refused: one correct
 * option is all or nothing already.
 */
export const questionInputSchema = z
  .strictObject({
    type: z.enum(QUESTION_TYPES, { error: 'Type must be single, multiple or truefalse' }),
    title: questionText('Title', 255).optional(),
    stem: questionText('Question', QUESTION_LIMITS.stemMax).min(1, { error: 'Enter the question' }),
    explanation: questionText('Explanation', QUESTION_LIMITS.stemMax).optional(),
    difficulty: z.enum(QUESTION_DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }).default('medium'),
    marks: z.number({ error: 'Marks must be a number' }).min(0).max(100).default(1),
    negativeMarks: z.number({ error: 'Negative marks must be a number' }).min(0).max(100).default(0),
    categoryPath: questionText('Category', 500).optional(),
    /** The learning topic this question practises, by id; null or absent for none. */
    topicId: safeText('Topic', 'Topic must be a topic id').max(64, { error: 'Topic must be a topic id' }).nullable().optional(),
    tags: z.array(questionText('Tag', 40).toLowerCase().min(1)).max(10, { error: 'At most 10 tags' }).default([]),
    /** The language of `stem`, `explanation` and the options' texts. */
    language: questionLanguageSchema.default('en'),
    /** The same texts in the other language, or null (or absent) for none. */
    translation: questionTranslationInputSchema.nullable().optional(),
    marking: z.enum(QUESTION_MARKINGS, { error: 'Marking must be partial or allOrNothing' }).default('partial'),
    options: z
      .array(questionOptionInputSchema, { error: 'Options must be a list' })
      .min(QUESTION_LIMITS.optionsMin, { error: 'Give at least 2 options' })
      .max(QUESTION_LIMITS.optionsMax, { error: 'Give at most 6 options' }),
  })
  .superRefine((q, ctx) => {
    const correct = q.options.filter((o) => o.correct).length;
    if (correct === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark at least one option correct' });
    if ((q.type === 'single' || q.type === 'truefalse') && correct > 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A single-answer question has exactly one correct option' });
    if (q.type === 'truefalse' && q.options.length !== 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A true/false question has exactly two options' });
    if (q.marking === 'allOrNothing' && q.type !== 'multiple') ctx.addIssue({ code: 'custom', path: ['marking'], message: 'Only a multiple-answer question can be marked all or nothing' });
    if (q.translation && q.translation.language === q.language) ctx.addIssue({ code: 'custom', path: ['translation', 'language'], message: 'The translation must be in the other language' });
    if (q.translation && q.translation.options.length !== q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['translation', 'options'], message: 'The translation must give every option, in the same order' });
    }
  });
export type QuestionInput = z.input<typeof questionInputSchema>;

export const questionOptionSchema = z.object({
  text: z.string(),
  textHtml: z.string(),
  correct: z.boolean(),
  fraction: z.number(),
  feedback: z.string().nullable(),
  feedbackHtml: z.string().nullable(),
});

export const QUESTION_STATUSES = ['draft', 'published', 'archived'] as const;

export const questionTopicSchema = z.object({ id: z.string(), slug: z.string(), title: z.string() });
export type QuestionTopic = z.infer<typeof questionTopicSchema>;

/** A question as editors see it, correct flags included; candidates never receive this shape. */
export const adminQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  title: z.string().nullable(),
  stem: z.string(),
  stemHtml: z.string(),
  explanation: z.string().nullable(),
  explanationHtml: z.string().nullable(),
  difficulty: z.enum(QUESTION_DIFFICULTIES),
  marks: z.number(),
  negativeMarks: z.number(),
  /** Always `partial` for single-answer and true/false questions. */
  marking: z.enum(QUESTION_MARKINGS),
  categoryPath: z.string().nullable(),
  /** The learning topic linked to the question, when one fits. */
  topic: questionTopicSchema.nullable(),
  tags: z.array(z.string()),
  /** The language of `stem`, `explanation` and the options' texts. */
  language: questionLanguageSchema,
  /** The same texts in the other language, when the question has them. */
  translation: questionTranslationSchema.nullable(),
  /** Every language the question can be read in: `language` first, then the translation's. */
  languages: z.array(questionLanguageSchema),
  source: z.enum(['manual', 'import']),
  sourceFormat: z.string().nullable(),
  sourceFile: z.string().nullable(),
  /** `archived`: deleted after attempts used it; kept for them, out of the bank, practice, draws and new tests. */
  status: z.enum(QUESTION_STATUSES),
  /** The current version: what new attempts, practice and draws take. */
  version: z.number().int(),
  options: z.array(questionOptionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;
export const adminQuestionResponseSchema = z.object({ data: adminQuestionSchema });

export const questionListQuerySchema = z.strictObject({
  /** Matches the words in either language. */
  search: safeText('Search').trim().normalize('NFC').max(100).optional(),
  category: safeText('Category').trim().max(500).optional(),
  /** A topic's slug: only questions linked to it. */
  topic: safeText('Topic').trim().max(200).optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  difficulty: z.enum(QUESTION_DIFFICULTIES).optional(),
  /** Without it, the list leaves archived questions out. */
  status: z.enum(QUESTION_STATUSES).optional(),
  tag: safeText('Tag').trim().toLowerCase().max(40).optional(),
  /** Questions that can be read in this language: written in it, or translated into it. */
  language: questionLanguageSchema.optional(),
  /** `true`: only questions in both languages; `false`: only those in one. */
  bilingual: z.enum(['true', 'false'], { error: 'bilingual must be true or false' }).transform((v) => v === 'true').optional(),
  page: z.coerce.number().int().min(1, { error: 'Page starts at 1' }).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUESTION_LIMITS.pageSizeMax, { error: `Page size must be at most ${QUESTION_LIMITS.pageSizeMax}` }).default(20),
});
export type QuestionListQuery = z.input<typeof questionListQuerySchema>;
export const questionPageSchema = z.object({ data: z.array(adminQuestionSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const questionBulkSchema = z.strictObject({
  ids: z.array(safeText('A question id').max(64)).min(1, { error: 'Choose at least one question' }).max(QUESTION_LIMITS.bulkMax, { error: `At most ${QUESTION_LIMITS.bulkMax} questions at once` }),
  /** `delete` archives a question an attempt has used and deletes the others; `restore` brings an archived one back as a draft. */
  action: z.enum(['publish', 'unpublish', 'delete', 'restore'], { error: 'Action must be publish, unpublish, delete or restore' }),
});
export const questionBulkResponseSchema = z.object({
  affected: z.number().int(),
  /** Of a delete, the questions archived instead because attempts used them. */
  archived: z.number().int(),
});

/** What a version changed from the one before it. */
export const QUESTION_VERSION_CHANGES = ['type', 'language', 'stem', 'explanation', 'options', 'key', 'marks', 'marking', 'translation'] as const;
export type QuestionVersionChange = (typeof QUESTION_VERSION_CHANGES)[number];

/** One version of a question in its history. */
export const questionVersionSummarySchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Empty for version 1. */
  changes: z.array(z.enum(QUESTION_VERSION_CHANGES)),
  /** When an attempt or practice session first took it; from then on it stays as it is. */
  firstUsedAt: z.string().nullable(),
  current: z.boolean(),
});
export type QuestionVersionSummary = z.infer<typeof questionVersionSummarySchema>;
export const questionVersionListSchema = z.object({ data: z.array(questionVersionSummarySchema) });

/** A version as a candidate given it was shown and marked, keys included: for editors only. */
export const questionVersionSchema = questionVersionSummarySchema.extend({
  type: z.enum(QUESTION_TYPES),
  marking: z.enum(QUESTION_MARKINGS),
  /** The language of the version's own texts. */
  language: questionLanguageSchema,
  stem: z.string(),
  stemHtml: z.string(),
  explanation: z.string().nullable(),
  explanationHtml: z.string().nullable(),
  marks: z.number(),
  negativeMarks: z.number(),
  options: z.array(questionOptionSchema),
  /** The version's texts in the question's other language, when it had them. */
  translation: questionTranslationSchema.nullable(),
});
export type QuestionVersion = z.infer<typeof questionVersionSchema>;
export const questionVersionResponseSchema = z.object({ data: questionVersionSchema });

export const IMPORT_FORMATS = ['gift', 'aiken', 'moodlexml', 'csv'] as const;
/** Default import size limit; the server's IMPORT_MAX_BYTES sets the one in force. */
export const IMPORT_DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const positionSchema = z.object({ line: z.number().optional(), column: z.number().optional(), index: z.number().optional(), element: z.string().optional() });

export const questionImportQuerySchema = z.strictObject({
  format: z.enum(IMPORT_FORMATS, { error: 'Format must be gift, aiken, moodlexml or csv' }).optional(),
  category: safeText('Category').trim().max(500).optional(),
  fileName: safeText('File name').trim().max(255).optional(),
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).default('true').transform((v) => v === 'true'),
  /**
   * The language of a file's questions that carry no multi-language markup (an Aiken file always);
   * without it, a question with Devanagari in its text is Hindi and any other English.
   */
  language: questionLanguageSchema.optional(),
});

/** What an import did, or would do in a dry run: the same report the CLI prints with --json. */
export const questionImportReportSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  dryRun: z.boolean(),
  imported: z.number().int(),
  /** Questions already in the bank (same content) or repeated in the file: not created again. */
  duplicates: z.number().int(),
  /** Distinct images the created questions show, stored with them. */
  images: z.number().int(),
  skipped: z.array(z.object({ position: positionSchema, type: z.string(), reason: z.string() })),
  errors: z.array(z.object({ position: positionSchema, message: z.string() })),
  byType: z.record(z.string(), z.number().int()),
  preview: z.array(
    z.object({
      position: positionSchema,
      type: z.enum(QUESTION_TYPES),
      stem: z.string(),
      options: z.number().int(),
      category: z.string().nullable(),
      /** The languages the question will be read in, its own first. */
      languages: z.array(questionLanguageSchema),
    }),
  ),
});
export type QuestionImportReport = z.infer<typeof questionImportReportSchema>;

export const questionExportQuerySchema = z.strictObject({
  format: z.enum(IMPORT_FORMATS, { error: 'Format must be gift, aiken, moodlexml or csv' }),
  category: safeText('Category').trim().max(500).optional(),
  ids: safeText('Question ids')
    .max(64 * 500)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .optional(),
});
