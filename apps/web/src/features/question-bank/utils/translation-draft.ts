import type { AdminQuestion, QuestionLanguage } from '@abhyas/contracts';
import type { FieldErrors } from '@/lib/form-errors';
import { secondOptionsToInput, type OptionDraft } from './option-editor';

/** The language a question's second texts are in: always the one it is not written in. */
export const otherLanguage = (language: QuestionLanguage): QuestionLanguage => (language === 'en' ? 'hi' : 'en');

/** The question's stem and explanation in its other language as the form edits them (the options carry their own). */
export interface SecondDraft {
  /** Whether the question has its texts in the other language too. */
  on: boolean;
  stem: string;
  explanation: string;
}

export function secondDraftOf(question: AdminQuestion | undefined): SecondDraft {
  const translation = question?.translation;
  return { on: Boolean(translation), stem: translation?.stem ?? '', explanation: translation?.explanation ?? '' };
}

/**
 * The `translation` the API takes, or nothing while the question is in one language (a question
 * saved without one loses its other language). True and False read the same in both languages.
 */
export function translationInput(language: QuestionLanguage, second: SecondDraft, options: readonly OptionDraft[]) {
  if (!second.on) return {};
  return {
    translation: {
      language: otherLanguage(language),
      stem: second.stem,
      ...(second.explanation.trim() ? { explanation: second.explanation } : {}),
      options: secondOptionsToInput(options),
    },
  };
}

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * The first message per field of the translation (`translation.stem`, `translation.options`,
 * `translation.explanation`), from zod issues or the server's details: each is shown beside its own
 * field, as the question's own texts' are.
 */
export function translationErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    if (path[0] !== 'translation' || typeof path[1] !== 'string') continue;
    const field = `translation.${path[1]}`;
    errors[field] ??= message;
  }
  return errors;
}
