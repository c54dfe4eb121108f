import type { ContestList } from '@abhyas/contracts';
import { useSearchParams } from 'react-router';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useAuthToken } from '@/lib/use-auth-token';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useContests } from '../api/get-contests';
import { ContestCard } from '../components/contest-card';
import { Tabs } from '../components/contest-tabs';

type TabKey = keyof ContestList;
const TABS: TabKey[] = ['upcoming', 'live', 'past'];

/** `/contests`: the contests in three tabs, Upcoming, Live (the ones the candidate joined) and Past; the tab is in the address. */
export function ContestsPage() {
  useDocumentTitle(t('contests.title'));
  const contests = useContests();
  const signedIn = useAuthToken() !== null;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabKey = TABS.find((key) => key === asked) ?? 'upcoming';
  const lists = contests.data;
  const shown = lists?.[tab] ?? [];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 dark:text-white">{t('contests.title')}</h1>
        <p className="max-w-2xl text-slate-600 dark:text-slate-400">{t('contests.intro')}</p>
      </header>
      {contests.isError && (
        <QueryError message={errorMessage(contests.error, t('contests.fetchFailed'))} retryLabel={t('contests.retry')} onRetry={() => void contests.refetch()} retrying={contests.isFetching} />
      )}
      <Tabs
        label={t('contests.tabs.label')}
        current={tab}
        onChange={(key) => setParams(key === 'upcoming' ? {} : { tab: key }, { replace: true })}
        tabs={TABS.map((key) => ({ key, label: t(`contests.tabs.${key}`), count: lists?.[key].length }))}
      >
        {contests.isPending ? (
          <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
            <Spinner />
            {t('contests.loading')}
          </p>
        ) : shown.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {shown.map((contest) => (
              <li key={contest.id}>
                <ContestCard contest={contest} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {tab === 'live' && !signedIn ? t('contests.empty.liveSignedOut') : t(`contests.empty.${tab}`)}
          </p>
        )}
      </Tabs>
    </div>
  );
}
