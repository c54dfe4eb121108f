import { z } from 'zod';
import { safeText } from './text.js';

/**
 * The languages a question's texts are written in. A question holds its texts in one of them (its
 * `language`) and may hold them in the other too (its `translation`): one question, one key, the
 * same options in the same order, read in either language.
 */
export const QUESTION_LANGUAGES = ['en', 'hi'] as const;
export type QuestionLanguage = (typeof QUESTION_LANGUAGES)[number];
/** Each language's name in English, as the server's messages name it (the reader's language comes from `localize`). */
export const LANGUAGE_NAMES: Readonly<Record<QuestionLanguage, string>> = { en: 'English', hi: 'Hindi' };
export const questionLanguageSchema = z.enum(QUESTION_LANGUAGES, { error: 'Language must be en or hi' });

export const QUESTION_LIMITS = { stemMax: 20_000, optionMax: 2_000, optionsMin: 2, optionsMax: 6, bulkMax: 500, pageSizeMax: 100 } as const;

/**
 * A question's free text: trimmed, and composed (Unicode NFC) so that the same Hindi word typed on
 * two keyboards is stored, searched and compared as one.
 */
export const questionText = (label: string, max: number) =>
  safeText(label).trim().normalize('NFC').max(max, { error: `${label} must be at most ${max} characters` });

/**
 * The question's texts in its second language: the stem, the explanation and each option's text and
 * feedback, in the same order as the question's options. The key, marks, type and marking are the
 * question's own and are not repeated here.
 */
export const questionTranslationInputSchema = z.strictObject({
  language: questionLanguageSchema,
  stem: questionText('Question', QUESTION_LIMITS.stemMax).min(1, { error: 'Enter the question' }),
  explanation: questionText('Explanation', QUESTION_LIMITS.stemMax).optional(),
  options: z
    .array(
      z.strictObject({
        text: questionText('Option', QUESTION_LIMITS.optionMax).min(1, { error: 'An option cannot be empty' }),
        feedback: questionText('Feedback', QUESTION_LIMITS.optionMax).optional(),
      }),
      { error: 'Options must be a list' },
    )
    .max(QUESTION_LIMITS.optionsMax, { error: 'Give at most 6 options' }),
});
export type QuestionTranslationInput = z.input<typeof questionTranslationInputSchema>;

/** The second language's texts as editors see them, rendered like the question's own. */
export const questionTranslationSchema = z.object({
  language: questionLanguageSchema,
  stem: z.string(),
  stemHtml: z.string(),
  explanation: z.string().nullable(),
  explanationHtml: z.string().nullable(),
  options: z.array(z.object({ text: z.string(), textHtml: z.string(), feedback: z.string().nullable(), feedbackHtml: z.string().nullable() })),
});
export type QuestionTranslation = z.infer<typeof questionTranslationSchema>;
