import { QueryError } from '@/components/ui/query-error';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useContests } from '../api/get-contests';
import { ContestCard } from './contest-card';

const SHOWN = 3;

/**
 * The home page's contests: the candidate's live contests first, then the upcoming ones, a few
 * cards from the app's one contests store, and the way to all of them. Loaded after the page
 * (with its words), so the home page's first download does not carry it.
 */
export default function ContestsStrip() {
  const contests = useContests();
  const cards = contests.data ? [...contests.data.live, ...contests.data.upcoming].slice(0, SHOWN) : [];
  // Keyed apart from the strip: React would otherwise turn this very box into the strip, and Chromium
  // counts a pulsing box that changes size as a jump of the whole screen, wherever it is.
  if (contests.isPending) return <div key="placeholder" aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-900" />;
  return (
    <div key="strip" className="flex flex-col gap-4">
      {contests.isError && <QueryError message={errorMessage(contests.error, t('contests.fetchFailed'))} retryLabel={t('contests.retry')} onRetry={() => void contests.refetch()} retrying={contests.isFetching} />}
      {cards.length > 0 ? (
        <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-3">
          {cards.map((contest) => (
            <li key={contest.id} className="w-[85%] max-w-sm shrink-0 snap-start sm:w-auto sm:max-w-none">
              <ContestCard contest={contest} compact />
            </li>
          ))}
        </ul>
      ) : (
        contests.data && <p className="text-slate-600 dark:text-slate-400">{t('contests.empty.upcoming')}</p>
      )}
      <TextLink to="/contests" className="self-start">
        {t('contests.strip.all')}
      </TextLink>
    </div>
  );
}
