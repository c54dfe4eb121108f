import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SectionHeader } from '@/components/admin/list-page-header';
import { Button } from '@/components/ui/button';
import { QueryError } from '@/components/ui/query-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useChallengeQueue } from '../api/get-challenge-queue';
import { useTestChoices } from '../api/get-test-choices';
import type { QueueFilters } from '../api/queue-keys';
import { QueueItemCard } from '../components/queue-item-card';

const STATUSES = ['open', 'resolved'] as const;

function filtersFrom(params: URLSearchParams): QueueFilters {
  return { status: params.get('status') === 'resolved' ? 'resolved' : 'open', testId: params.get('testId') ?? '' };
}

/**
 * `/admin/challenges` (editors and admins): the questions candidates challenged or reported, and those
 * the statistics flag, open or resolved, for every test or one; each with the decision on its key.
 * The filters live in the address.
 */
export function AdminChallengesPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('challengeQueue.title')}`);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const queue = useChallengeQueue(filters);
  const tests = useTestChoices();
  const setFilters = (next: QueueFilters) => setParams({ ...(next.status === 'resolved' ? { status: 'resolved' } : {}), ...(next.testId ? { testId: next.testId } : {}) }, { replace: true });

  // The tests to filter by: the latest ones, those in the queue, and the one chosen.
  const choices = new Map<string, string>();
  for (const test of tests.data ?? []) choices.set(test.id, test.title);
  for (const item of queue.data ?? []) if (item.test) choices.set(item.test.id, item.test.title);
  if (filters.testId && !choices.has(filters.testId)) choices.set(filters.testId, filters.testId);
  const testOptions = [{ value: '', label: t('challengeQueue.filter.allTests') }, ...[...choices].map(([value, label]) => ({ value, label }))];

  return (
    <div className="flex flex-col gap-6">
      <SectionHeader title={t('challengeQueue.title')} intro={t('challengeQueue.intro')} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div role="group" aria-label={t('challengeQueue.filter.status')} className="flex gap-2">
          {STATUSES.map((status) => (
            <Button key={status} variant={filters.status === status ? 'primary' : 'secondary'} aria-pressed={filters.status === status} onClick={() => setFilters({ ...filters, status })}>
              {t(`challengeQueue.filter.${status}`)}
            </Button>
          ))}
        </div>
        <div className="sm:w-80">
          <SelectField label={t('challengeQueue.filter.test')} options={testOptions} value={filters.testId} onChange={(event) => setFilters({ ...filters, testId: event.target.value })} />
        </div>
      </div>

      {queue.isError && <QueryError message={errorMessage(queue.error, t('challengeQueue.fetchFailed'))} retryLabel={t('challengeQueue.retry')} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />}
      {queue.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('challengeQueue.loading')}
        </p>
      )}
      {queue.data &&
        (queue.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t(filters.status === 'open' ? 'challengeQueue.emptyOpen' : 'challengeQueue.emptyResolved')}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
              {t(filters.status === 'open' ? 'challengeQueue.countOpen' : 'challengeQueue.countResolved', { count: queue.data.length })}
            </p>
            {queue.data.map((item) => (
              <QueueItemCard key={`${item.questionId}:${item.version}:${item.test?.id ?? ''}`} item={item} />
            ))}
          </>
        ))}
    </div>
  );
}
