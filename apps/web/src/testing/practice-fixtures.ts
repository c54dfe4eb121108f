import type { PracticeFeedback, PracticeSession } from '@abhyas/contracts';

type SessionQuestion = PracticeSession['questions'][number];

/** A practice question as GET /api/practice/sessions/:id shows it: four options, unanswered. */
export function practiceQuestion(overrides: Partial<SessionQuestion> & Pick<SessionQuestion, 'questionId'>): SessionQuestion {
  return {
    number: 1,
    sectionId: null,
    type: 'single',
    language: 'en',
    stemHtml: `<p>Stem of ${overrides.questionId}</p>`,
    options: (['A', 'B', 'C', 'D'] as const).map((id) => ({ id, html: `<p>Option ${id}</p>` })),
    translation: null,
    feedback: null,
    bookmarked: false,
    ...overrides,
  };
}

/** Feedback for an answer; right unless the choice differs from the correct options. */
export function feedbackFor(questionId: string, optionIds: string[], correctOptionIds: string[], overrides: Partial<PracticeFeedback> = {}): PracticeFeedback {
  const isCorrect = optionIds.length === correctOptionIds.length && optionIds.every((id) => correctOptionIds.includes(id));
  return {
    questionId,
    optionIds,
    correctOptionIds,
    isCorrect,
    outcome: isCorrect ? 'correct' : 'wrong',
    explanationHtml: '<p>Because 20% of 50 is 10.</p>',
    translation: null,
    topic: { slug: 'percentages', title: 'Percentages' },
    ...overrides,
  } as PracticeFeedback;
}

/** A session with its counts worked out from its questions. */
export function practiceSession(questions: SessionQuestion[], overrides: Partial<PracticeSession> = {}): PracticeSession {
  const answered = questions.filter((q) => q.feedback !== null).length;
  const firstOpen = questions.findIndex((q) => q.feedback === null);
  return {
    id: 's1',
    source: 'bank',
    label: 'SSC › Quantitative Aptitude · Mixed difficulty',
    status: answered === questions.length ? 'submitted' : 'open',
    startedAt: '2026-03-02T04:00:00.000Z',
    questions: questions.map((q, i) => ({ ...q, number: i + 1 })),
    position: firstOpen === -1 ? questions.length : firstOpen,
    correct: questions.filter((q) => q.feedback?.isCorrect).length,
    answered,
    ...overrides,
  };
}
