import type { AttemptQuestion, AttemptView, QuestionLanguage } from '@abhyas/contracts';
import { languagesOf, readIn } from '@/lib/question-language';

export interface QuestionReading {
  /** The languages "View In" offers for the question: those it has that the test is offered in. */
  languages: QuestionLanguage[];
  /** The language it is shown in. */
  language: QuestionLanguage;
  /** The question with its texts in that language, options under the same letters. */
  shown: AttemptQuestion;
}

/**
 * How a question reads under the candidate's view: its own "View In" choice, else the default, when
 * it has that language; else its own language.
 */
export function questionReading(question: AttemptQuestion, view: AttemptView, offered: readonly QuestionLanguage[]): QuestionReading {
  const languages = languagesOf(question).filter((l) => offered.includes(l));
  const wanted = view.questions[question.questionId] ?? view.language;
  const language = languages.includes(wanted) ? wanted : question.language;
  return { languages, language, shown: readIn(question, language) };
}
