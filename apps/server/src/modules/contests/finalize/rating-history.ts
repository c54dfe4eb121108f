import type { Rating } from '@abhyas/contracts';
import type { Db } from '../../../db/index.js';
import { toIso } from '../../../lib/clock.js';
import { ratingOf } from '../board/leaderboard.repo.js';

const HISTORY_LIMIT = 100;

/** GET /api/contests/rating: the candidate's contest rating (null before a first rated contest) and its history, newest first. */
export async function candidateRating(deps: { db: Db }, userId: string): Promise<Rating> {
  const { current, history } = await ratingOf(deps.db, userId, HISTORY_LIMIT);
  return {
    rating: current ? Number(current.rating) : null,
    contests: current ? Number(current.contests) : 0,
    history: history.map((h) => ({
      contestId: h.id,
      slug: h.slug,
      title: h.title,
      endsAt: toIso(Number(h.ends_at)),
      rank: Number(h.final_rank ?? 0),
      participants: Number(h.participants ?? 0),
      ratingBefore: Number(h.rating_before),
      ratingAfter: Number(h.rating_after),
      performance: Number(h.performance ?? h.rating_after),
    })),
  };
}
