import { EXAM_LIMITS, type PracticeFeedback, type PracticeSession } from '@abhyas/contracts';

/** The session with one more answer's feedback in it: counts, where it continues, finished when all are answered. */
export function withFeedback(session: PracticeSession, feedback: PracticeFeedback): PracticeSession {
  const questions = session.questions.map((q) => (q.questionId === feedback.questionId ? { ...q, feedback } : q));
  const firstOpen = questions.findIndex((q) => q.feedback === null);
  const answered = questions.filter((q) => q.feedback !== null).length;
  return {
    ...session,
    questions,
    answered,
    correct: questions.filter((q) => q.feedback?.isCorrect).length,
    position: firstOpen === -1 ? questions.length : firstOpen,
    status: answered === questions.length ? 'submitted' : session.status,
  };
}

export function withBookmark(session: PracticeSession, change: { questionId: string; bookmarked: boolean }): PracticeSession {
  if (!session.questions.some((q) => q.questionId === change.questionId)) return session;
  return { ...session, questions: session.questions.map((q) => (q.questionId === change.questionId ? { ...q, bookmarked: change.bookmarked } : q)) };
}

/** Whole-number percentage of right answers among those answered; null before any answer. */
export function accuracy(correct: number, answered: number): number | null {
  return answered === 0 ? null : Math.round((100 * correct) / answered);
}

/** A number of questions within what a session may hold (5 to 50). */
export const clampCount = (n: number) => Math.min(EXAM_LIMITS.practiceCountMax, Math.max(EXAM_LIMITS.practiceCountMin, n));
