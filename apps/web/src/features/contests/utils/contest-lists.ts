import type { Contest, ContestList } from '@abhyas/contracts';

const byStart = (a: Contest, b: Contest) => Date.parse(a.startsAt) - Date.parse(b.startsAt);
const newestFirst = (a: Contest, b: Contest) => Date.parse(b.endsAt) - Date.parse(a.endsAt);

/** Which list a contest belongs in for the caller (docs/PRODUCT.md §6.1): joined and not over → live; open → upcoming; over → past. */
export function listOf(contest: Contest): keyof ContestList | null {
  const over = contest.status === 'final' || contest.status === 'cancelled';
  if (contest.joinedAt && !over) return 'live';
  if (contest.status === 'upcoming') return 'upcoming';
  if (contest.status === 'draft') return null;
  return contest.status === 'running' && !contest.joinedAt ? null : 'past';
}

/**
 * The lists with one contest as the server now describes it (after joining or paying): taken out of
 * whichever list held it and put where it now belongs, in that list's order. Joining a contest
 * moves its card from upcoming to live at once, with `joinedAt`.
 */
export function placeContest(lists: ContestList, contest: Contest): ContestList {
  const without = (items: Contest[]) => items.filter((c) => c.id !== contest.id);
  const next: ContestList = { upcoming: without(lists.upcoming), live: without(lists.live), past: without(lists.past) };
  const target = listOf(contest);
  if (target === 'upcoming') next.upcoming = [...next.upcoming, contest].sort(byStart);
  if (target === 'live') next.live = [...next.live, contest].sort(byStart);
  if (target === 'past') next.past = [...next.past, contest].sort(newestFirst);
  return next;
}

/** Joined contests that start within `withinMs` of `now`, or are running: what the header badge counts. */
export function startingSoon(live: readonly Contest[], now: number, withinMs = 24 * 60 * 60 * 1000): Contest[] {
  return live.filter((c) => {
    if (!c.joinedAt) return false;
    if (c.status === 'running') return true;
    const startsIn = Date.parse(c.startsAt) - now;
    return c.status === 'upcoming' && startsIn > 0 && startsIn <= withinMs;
  });
}
