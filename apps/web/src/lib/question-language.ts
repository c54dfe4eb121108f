import type { QuestionLanguage } from '@abhyas/contracts';

/** Options as a candidate sees them: a per-attempt letter and its text (with whatever else each carries, such as the key). */
type Option = { id: string; html: string };
type Texts<O extends Option> = { language: QuestionLanguage; stemHtml: string; options: O[]; explanationHtml?: string | null };

/**
 * A question as the server sends it to a candidate (an attempt, a review, practice): its texts in its
 * own language, and the same texts in its other one when it has them, options under the same letters.
 */
export type Readable<O extends Option = Option> = Texts<O> & {
  translation: { language: QuestionLanguage; stemHtml: string; options: Option[]; explanationHtml?: string | null } | null;
};

/** The language a question is shown in when `wanted` is asked for: that one when the question has it, else its own. */
export function shownLanguage(question: Pick<Readable, 'language' | 'translation'>, wanted: QuestionLanguage): QuestionLanguage {
  return question.translation?.language === wanted ? wanted : question.language;
}

/** The languages a question can be read in, its own first. */
export const languagesOf = (question: Pick<Readable, 'language' | 'translation'>): QuestionLanguage[] =>
  question.translation ? [question.language, question.translation.language] : [question.language];

/**
 * The question read in `wanted` when it has it (else as it is): the stem, each option's text (found
 * by its letter, so the answer and the key stay where they were) and the explanation in that
 * language, an explanation missing there given in the question's own; `translation` then holds the
 * texts it had.
 */
export function readIn<O extends Option, Q extends Readable<O>>(question: Q, wanted: QuestionLanguage): Q {
  const other = question.translation;
  if (!other || shownLanguage(question, wanted) === question.language) return question;
  const html = new Map(other.options.map((o) => [o.id, o.html]));
  const explanation = 'explanationHtml' in question ? { explanationHtml: other.explanationHtml ?? question.explanationHtml ?? null } : {};
  return {
    ...question,
    language: other.language,
    stemHtml: other.stemHtml,
    options: question.options.map((o) => ({ ...o, html: html.get(o.id) ?? o.html })),
    ...explanation,
    translation: {
      language: question.language,
      stemHtml: question.stemHtml,
      options: question.options.map(({ id, html: text }) => ({ id, html: text })),
      ...('explanationHtml' in question ? { explanationHtml: question.explanationHtml ?? null } : {}),
    },
  } as Q;
}

/** Practice feedback's explanation in the language the question is shown in (its own when that language has none). */
export function explanationIn(feedback: { explanationHtml: string | null; translation: { language: QuestionLanguage; explanationHtml: string | null } | null }, shown: QuestionLanguage): string | null {
  return feedback.translation?.language === shown ? (feedback.translation.explanationHtml ?? feedback.explanationHtml) : feedback.explanationHtml;
}

/**
 * The language a piece of people's writing is in when nothing says so (a test's title, its
 * instructions): Hindi when written in Devanagari, else English. Marked on the element, so a screen
 * reader reads it in its own voice and a Hindi page never takes an English title for its own words.
 */
export const writtenIn = (text: string): QuestionLanguage => (/[\u0900-\u097F]/.test(text) ? 'hi' : 'en');
