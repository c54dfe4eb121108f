import type { ReviewQuestion } from '@abhyas/contracts';

/** A question as GET /api/attempts/:id/review shows it: Delhi (A) is right, the answer follows `outcome`. */
export function reviewQuestion(number: number, outcome: ReviewQuestion['outcome'], overrides: Partial<ReviewQuestion> = {}): ReviewQuestion {
  return {
    questionId: `q${number}`,
    number,
    sectionId: 's1',
    type: 'single',
    language: 'en',
    stemHtml: `<p>Stem ${number}</p>`,
    options: [
      { id: 'A', html: '<p>Delhi</p>', correct: true },
      { id: 'B', html: '<p>Mumbai</p>', correct: false },
    ],
    optionIds: outcome === 'unattempted' ? [] : outcome === 'correct' ? ['A'] : ['B'],
    correctOptionIds: ['A'],
    isCorrect: outcome === 'correct',
    outcome,
    mark: outcome === 'correct' ? 2 : outcome === 'wrong' ? -0.5 : 0,
    confidence: outcome === 'wrong' ? 'guess' : null,
    markedForReview: false,
    timeSpentSeconds: 75,
    explanationHtml: `<p>Explanation ${number}</p>`,
    translation: null,
    topic: { slug: 'capitals', title: 'Capitals' },
    shareCorrect: 0.62,
    averageCorrectSeconds: 48.5,
    bookmarked: false,
    version: 1,
    keyDecision: null,
    ...overrides,
  };
}
