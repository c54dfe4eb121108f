import type { PracticeSession, QuestionLanguage } from '@abhyas/contracts';
import { explanationIn, readIn } from '@/lib/question-language';

type SessionQuestion = PracticeSession['questions'][number];

/** A practice question in `wanted` when it has that language (else its own), its feedback's explanation in the same. */
export function practiceQuestionIn(question: SessionQuestion, wanted: QuestionLanguage): SessionQuestion {
  const shown = readIn(question, wanted);
  return shown.feedback ? { ...shown, feedback: { ...shown.feedback, explanationHtml: explanationIn(shown.feedback, shown.language) } } : shown;
}
