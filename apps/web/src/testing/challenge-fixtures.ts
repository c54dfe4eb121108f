import type { ChallengeQueueItem, MyFlag, Notice } from '@abhyas/contracts';

const at = '2026-05-10T09:00:00.000Z';

/** A candidate's challenge as the API returns it: question q1 of attempt a1 in "SSC CGL Mock 1", waiting. */
export function myFlag(overrides: Partial<MyFlag> = {}): MyFlag {
  return {
    id: 'f1',
    kind: 'challenge',
    questionId: 'q1',
    version: 1,
    excerpt: 'Which city is the capital of India?',
    test: { id: 't1', title: 'SSC CGL Mock 1' },
    attemptId: 'a1',
    questionNumber: 1,
    reason: 'wrong_key',
    comment: null,
    createdAt: at,
    status: 'open',
    resolution: null,
    reply: null,
    resolvedAt: null,
    ...overrides,
  };
}

/** A notice as GET /api/me/notices lists it: a score changed by a revised key, unread. */
export function scoreNotice(overrides: Partial<Extract<Notice, { kind: 'score_changed' }>> = {}): Notice {
  return {
    id: 'n1',
    kind: 'score_changed',
    params: { test: 'SSC CGL Mock 1', question: 12, from: 48, to: 50.5, note: 'B is the right answer' },
    link: '/attempts/a1/review',
    createdAt: at,
    readAt: null,
    ...overrides,
  };
}

/** A question in the editors' queue: challenged in test t1, key A in force, with its item analysis. */
export function queueItem(overrides: Partial<ChallengeQueueItem> = {}): ChallengeQueueItem {
  return {
    questionId: 'q1',
    version: 2,
    excerpt: 'Which city is the capital of India?',
    stemHtml: '<p>Which city is the capital of India?</p>',
    test: { id: 't1', title: 'SSC CGL Mock 1' },
    options: [
      { id: 'A', html: '<p>Mumbai</p>', correct: true },
      { id: 'B', html: '<p>New Delhi</p>', correct: false },
      { id: 'C', html: '<p>Kolkata</p>', correct: false },
    ],
    counts: { wrong_key: 5, multiple_correct: 0, no_correct: 0, error_in_question: 1, other: 0 },
    total: 6,
    comments: [{ kind: 'challenge', reason: 'wrong_key', comment: 'New Delhi is the capital.', createdAt: at }],
    itemStats: { facility: 0.2, discrimination: -0.31, likelyWrongKey: true, topThird: [0.1, 0.85, 0.05], bottomThird: [0.4, 0.3, 0.3] },
    flaggedByStatistics: true,
    decision: null,
    firstAt: at,
    lastAt: at,
    ...overrides,
  };
}
