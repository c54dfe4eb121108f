import { leaderboardResponseSchema, type Leaderboard } from '@abhyas/contracts';
import { apiRequest } from '@/lib/api-client';

/** How many rows the board shows: the stream sends the top 50 and the caller's own row. */
export const BOARD_ROWS = 50;

/** GET /api/contests/:id/leaderboard: the board's first rows and the caller's own row. */
export async function getLeaderboard(contestId: string, signal?: AbortSignal): Promise<Leaderboard> {
  const { data } = await apiRequest(`contests/${encodeURIComponent(contestId)}/leaderboard?limit=${BOARD_ROWS}`, { schema: leaderboardResponseSchema, signal });
  return data;
}
