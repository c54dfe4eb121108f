import { useMemo } from 'react';
import { useParams } from 'react-router';
import { EditorPageHeader } from '@/components/admin/editor-page-header';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminTest } from '../api/get-admin-test';
import { useItemStats } from '../api/get-item-stats';
import { FlagsLegend } from '../components/item-flags';
import { QuestionStatsTable } from '../components/question-stats-table';
import { TestFigures } from '../components/test-figures';
import { numberedRows, type ItemStatsReady } from '../utils/item-stats-view';

/** Below the number of first attempts the statistics need: the server's words and how far there is to go. */
function NotEnoughAttempts({ attempts, minimumAttempts, message }: { attempts: number; minimumAttempts: number; message: string }) {
  const progress = t('testEditor.stats.progress', { count: attempts, minimum: minimumAttempts });
  return (
    <Card as="section" aria-labelledby="not-enough-heading" className="flex flex-col gap-3">
      <h2 id="not-enough-heading" className="text-xl font-bold text-slate-900 dark:text-white">
        {t('testEditor.stats.notEnoughTitle')}
      </h2>
      <p className="text-slate-800 dark:text-slate-200">{message}</p>
      <div
        role="progressbar"
        aria-label={t('testEditor.stats.test.attempts')}
        aria-valuemin={0}
        aria-valuemax={minimumAttempts}
        aria-valuenow={attempts}
        aria-valuetext={progress}
        className="h-3 w-full max-w-md overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${Math.min(100, (100 * attempts) / Math.max(1, minimumAttempts))}%` }} />
      </div>
      <p className="font-semibold text-slate-900 dark:text-white">{progress}</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('testEditor.stats.notEnoughHint', { minimum: minimumAttempts })}</p>
    </Card>
  );
}

function Analysis({ stats, maxScore }: { stats: ItemStatsReady; maxScore: number | undefined }) {
  const rows = useMemo(() => numberedRows(stats.questions), [stats.questions]);
  return (
    <>
      <section aria-labelledby="test-figures-heading" className="flex flex-col gap-3">
        <h2 id="test-figures-heading" className="text-xl font-bold text-slate-900 dark:text-white">
          {t('testEditor.stats.test.title')}
        </h2>
        <TestFigures test={stats.test} maxScore={maxScore} />
      </section>
      <section aria-labelledby="question-figures-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="question-figures-heading" className="text-xl font-bold text-slate-900 dark:text-white">
          {t('testEditor.stats.questions.title')}
        </h2>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>{t('testEditor.stats.legend.facility')}</li>
          <li>{t('testEditor.stats.legend.sd')}</li>
          <li>{t('testEditor.stats.legend.discrimination')}</li>
          <li>{t('testEditor.stats.legend.efficiency')}</li>
          <li>{t('testEditor.stats.legend.thirds')}</li>
        </ul>
        <FlagsLegend />
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('testEditor.stats.questions.hint')}</p>
        <QuestionStatsTable rows={rows} />
      </section>
    </>
  );
}

/**
 * `/admin/tests/:id/stats` (editors and admins): the item analysis of a test — the test's statistics
 * and each question's, with flags for questions to look at again — once enough first attempts are in.
 */
export function ItemStatsPage() {
  const { id = '' } = useParams();
  const test = useAdminTest(id);
  const stats = useItemStats(id);
  useDocumentTitle(test.data ? `${t('testEditor.stats.title')} · ${test.data.title}` : t('testEditor.stats.title'));

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <EditorPageHeader backTo="/admin/tests" backLabel={t('testEditor.back')} title={t('testEditor.stats.title')}>
        <ButtonLink to={`/admin/tests/${encodeURIComponent(id)}/edit`} variant="secondary" className="px-3 text-sm">
          {t('testEditor.stats.backToEditor')}
        </ButtonLink>
      </EditorPageHeader>
      {test.data && (
        <p className="-mt-3 text-lg font-semibold break-words text-slate-800 dark:text-slate-200">
          {test.data.title}
          {stats.data?.status === 'ok' && <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">{t('testEditor.stats.basis', { count: stats.data.attempts })}</span>}
        </p>
      )}
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t('testEditor.stats.intro')}</p>
      {stats.isError && (
        <QueryError
          message={errorMessage(stats.error, t('errors.generic'))}
          retryLabel={t('content.retry')}
          onRetry={isRetryable(stats.error) ? () => void stats.refetch() : undefined}
          retrying={stats.isFetching}
        />
      )}
      {stats.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('testEditor.stats.loading')}
        </p>
      )}
      {stats.data?.status === 'notEnoughAttempts' && <NotEnoughAttempts {...stats.data} />}
      {stats.data?.status === 'ok' && <Analysis stats={stats.data} maxScore={test.data?.maxScore} />}
    </div>
  );
}
