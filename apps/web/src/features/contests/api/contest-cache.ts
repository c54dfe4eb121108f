import type { Contest, ContestList } from '@abhyas/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { placeContest } from '../utils/contest-lists';
import { contestKeys } from './contest-keys';

/**
 * Writes a contest as the server now describes it to the signed-in caller into every cache that
 * shows it: its page (by slug and by id) and the app's lists, where the card moves to its new list.
 */
export function rememberContest(queryClient: QueryClient, contest: Contest): void {
  queryClient.setQueryData(contestKeys.detail(contest.slug, true), contest);
  queryClient.setQueryData(contestKeys.detail(contest.id, true), contest);
  queryClient.setQueryData<ContestList>(contestKeys.list(true), (lists) => (lists ? placeContest(lists, contest) : lists));
}
