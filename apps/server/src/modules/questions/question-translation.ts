import type { QuestionLanguage, QuestionTranslation } from '@abhyas/contracts';
import type { StoredTranslation } from './questions.table.js';

/**
 * A question's texts in its second language (docs/PRODUCT.md §8.3): kept beside the question's own
 * texts, on the question and on each version, as JSON; the key, marks and options' order are the
 * question's.
 */

/** The second language's texts as written, before rendering: options in the question's order. */
export type TranslationTexts = { language: QuestionLanguage; stem: string; explanation?: string | null | undefined; options: { text: string; feedback?: string | null | undefined }[] };

export const parseTranslation = (json: string | null): StoredTranslation | null => (json === null ? null : (JSON.parse(json) as StoredTranslation));

/** Renders a translation's Markdown; `render` names the field it renders, for a refusal to point at. */
export function renderTranslation(t: TranslationTexts, render: (field: string, markdown: string) => string): StoredTranslation {
  const explanation = t.explanation || null;
  return {
    language: t.language,
    stem: t.stem,
    stemHtml: render('translation.stem', t.stem),
    explanation,
    explanationHtml: explanation ? render('translation.explanation', explanation) : null,
    options: t.options.map((o, i) => {
      const feedback = o.feedback || null;
      return { text: o.text, html: render(`translation.options.${i}.text`, o.text), feedback, feedbackHtml: feedback ? render(`translation.options.${i}.feedback`, feedback) : null };
    }),
  };
}

/** The stored JSON of a translation, or null for none. */
export const translationColumn = (t: StoredTranslation | null): string | null => (t ? JSON.stringify(t) : null);

/** A stored translation as editors see it. */
export function toAdminTranslation(json: string | null): QuestionTranslation | null {
  const t = parseTranslation(json);
  if (!t) return null;
  return {
    language: t.language,
    stem: t.stem,
    stemHtml: t.stemHtml,
    explanation: t.explanation,
    explanationHtml: t.explanationHtml,
    options: t.options.map((o) => ({ text: o.text, textHtml: o.html, feedback: o.feedback, feedbackHtml: o.feedbackHtml })),
  };
}

/** Every language a question can be read in, its own first. */
export const languagesOf = (language: QuestionLanguage, translation: { language: QuestionLanguage } | null): QuestionLanguage[] => (translation ? [language, translation.language] : [language]);

type Texts = { language: QuestionLanguage; stem: string; explanation: string | null; options: { text: string; feedback: string | null }[] } | null;

/** Whether two translations say the same (their texts: the HTML follows from them). */
export function sameTranslation(x: Texts, y: Texts): boolean {
  if (!x || !y) return x === y;
  return (
    x.language === y.language &&
    x.stem === y.stem &&
    x.explanation === y.explanation &&
    x.options.length === y.options.length &&
    x.options.every((o, i) => o.text === y.options[i]!.text && o.feedback === y.options[i]!.feedback)
  );
}
