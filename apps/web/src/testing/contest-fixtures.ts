import type { Contest, Leaderboard, LeaderboardRow, PaymentOrder } from '@abhyas/contracts';

const hour = 60 * 60 * 1000;

/** A published, free contest opening in three hours, as GET /api/contests lists it to a candidate who has not joined. */
export function contest(overrides: Partial<Contest> = {}): Contest {
  const startsAt = new Date(Date.now() + 3 * hour).toISOString();
  return {
    id: 'c-web',
    slug: 'web-development',
    title: 'Web Development',
    icon: 'code',
    level: 'Beginner',
    price: 'Free',
    priceAmount: 0,
    currency: 'INR',
    isFree: true,
    totalSeats: 50,
    filledSeats: 12,
    users: { count: 12, names: ['Asha', 'Ravi', 'Meena'] },
    firstPrize: 1000,
    prizes: [
      { fromRank: 1, toRank: 1, kind: 'cash', amount: 100_000, description: '' },
      { fromRank: 2, toRank: 5, kind: 'certificate', amount: null, description: 'Certificate of merit' },
    ],
    description: 'HTML, CSS and JavaScript.',
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 20 * 60 * 1000).toISOString(),
    challengesCloseAt: new Date(Date.parse(startsAt) + 20 * 60 * 1000 + 24 * hour).toISOString(),
    durationMinutes: 20,
    questionCount: 15,
    freezeMinutes: 5,
    status: 'upcoming',
    testId: 't-web',
    registration: { open: true, reason: null },
    entry: null,
    ...overrides,
  };
}

/** The paid Artificial Intelligence contest, two days away. */
export function paidContest(overrides: Partial<Contest> = {}): Contest {
  return contest({
    id: 'c-ai',
    slug: 'artificial-intelligence',
    title: 'Artificial Intelligence',
    icon: 'ai',
    level: 'Advanced',
    price: '₹999',
    priceAmount: 99_900,
    isFree: false,
    totalSeats: 100,
    filledSeats: 40,
    firstPrize: 5000,
    startsAt: new Date(Date.now() + 48 * hour).toISOString(),
    endsAt: new Date(Date.now() + 48 * hour + 30 * 60 * 1000).toISOString(),
    ...overrides,
  });
}

/** The same contest once the candidate joined: confirmed, with `joinedAt`. */
export function joined(c: Contest, overrides: Partial<Contest> = {}): Contest {
  return {
    ...c,
    filledSeats: c.filledSeats + 1,
    users: { ...c.users, count: c.users.count + 1 },
    joinedAt: '2026-11-24T08:00:00.000Z',
    entry: { status: 'confirmed', holdExpiresAt: null, attemptId: null, rank: null, rankOf: null, prize: null, ratingBefore: null, ratingAfter: null, compensatoryTime: null },
    ...overrides,
  };
}

/** A row of the leaderboard. */
export function boardRow(overrides: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    rank: 1,
    name: 'Asha',
    score: 12,
    maxScore: 15,
    answered: 15,
    timeTakenMs: 725_000,
    submittedAt: '2026-11-24T10:12:05.000Z',
    state: 'submitted',
    isMe: false,
    prize: null,
    ratingBefore: null,
    ratingAfter: null,
    ...overrides,
  };
}

/** A running contest's board. */
export function board(overrides: Partial<Leaderboard> = {}): Leaderboard {
  return {
    contestId: 'c-web',
    status: 'running',
    frozen: false,
    frozenAt: null,
    total: 2,
    offset: 0,
    rows: [boardRow(), boardRow({ rank: 2, name: 'Ravi', score: null, timeTakenMs: null, submittedAt: null, state: 'playing', answered: 6 })],
    me: null,
    rule: 'Score, then time taken, then the earlier submission',
    updatedAt: '2026-11-24T10:12:06.000Z',
    ...overrides,
  };
}

/** A paid order as POST /api/payments/verify answers it. */
export function paidOrder(overrides: Partial<PaymentOrder> = {}): PaymentOrder {
  return {
    id: 'po1',
    provider: 'test',
    orderId: 'order_T1',
    contestId: 'c-ai',
    contestTitle: 'Artificial Intelligence',
    amount: 99_900,
    currency: 'INR',
    status: 'paid',
    note: null,
    createdAt: '2026-11-24T08:00:00.000Z',
    paidAt: '2026-11-24T08:01:00.000Z',
    ...overrides,
  };
}
