import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useAuthToken } from '@/lib/use-auth-token';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTests } from '../api/get-tests';
import { TestCard } from '../components/test-card';

/** `/tests`: the published mock tests. */
export function TestsPage() {
  useDocumentTitle(t('exam.list.title'));
  const tests = useTests();
  const signedIn = useAuthToken() !== null;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 dark:text-white">{t('exam.list.title')}</h1>
        <p className="max-w-2xl text-slate-600 dark:text-slate-400">{t('exam.list.intro')}</p>
        {signedIn && (
          <TextLink to="/me/attempts" className="self-start">
            {t('exam.list.history')}
          </TextLink>
        )}
      </header>

      {tests.isError && (
        <QueryError
          message={errorMessage(tests.error, t('exam.list.fetchFailed'))}
          retryLabel={t('exam.retry')}
          onRetry={() => void tests.refetch()}
          retrying={tests.isFetching}
        />
      )}

      {tests.isPending && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('exam.list.loading')}
        </p>
      )}

      {tests.data &&
        (tests.data.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2">
            {tests.data.map((test) => (
              <li key={test.id}>
                <TestCard test={test} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('exam.list.empty')}
          </p>
        ))}
    </div>
  );
}
