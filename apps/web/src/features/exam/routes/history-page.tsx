import type { MyAttempt } from '@abhyas/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { formatDate, formatMarks, formatPercentile } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyAttempts } from '../api/get-my-attempts';
import { ScoreTrend, type TrendPoint } from '../components/score-trend';

function trend(attempts: readonly MyAttempt[]): TrendPoint[] {
  return attempts
    .filter((a) => a.status === 'submitted' && a.score !== null && a.maxScore !== null && a.maxScore > 0)
    .sort((a, b) => (a.submittedAt ?? a.startedAt).localeCompare(b.submittedAt ?? b.startedAt))
    .map((a) => ({ percent: (100 * (a.score ?? 0)) / (a.maxScore ?? 1), label: `${a.test?.title ?? ''} · ${formatDate(a.submittedAt)}`, series: a.test?.id ?? a.id }));
}

function AttemptRow({ attempt }: { attempt: MyAttempt }) {
  const open = attempt.status === 'open';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 py-3 last:border-b-0 dark:border-slate-800">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {open ? (
            attempt.test?.title
          ) : (
            <Link to={`/attempts/${attempt.id}/result`} className="hover:text-indigo-700 hover:underline dark:hover:text-indigo-300">
              {attempt.test?.title}
            </Link>
          )}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('exam.history.attemptOn', { number: attempt.attemptNumber, date: formatDate(attempt.submittedAt ?? attempt.startedAt) })}
        </p>
      </div>
      {open ? (
        <>
          <Badge tone="amber">{t('exam.history.open')}</Badge>
          <ButtonLink to={`/attempts/${attempt.id}`} variant="secondary" className="px-3 text-sm">
            {t('exam.intro.resume')}
          </ButtonLink>
        </>
      ) : (
        <dl className="flex gap-4 text-right text-sm">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('exam.result.col.score')}</dt>
            <dd className="font-bold tabular-nums">{attempt.score === null ? '—' : `${formatMarks(attempt.score)} / ${formatMarks(attempt.maxScore ?? 0)}`}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('exam.result.percentile')}</dt>
            <dd className="font-bold tabular-nums">{attempt.percentile !== null ? formatPercentile(attempt.percentile) : attempt.ranked ? '—' : t('exam.history.unranked')}</dd>
          </div>
        </dl>
      )}
    </li>
  );
}

/** `/me/attempts`: the candidate's mock tests, newest first, with the score trend. */
export function HistoryPage() {
  useDocumentTitle(t('exam.history.title'));
  const attempts = useMyAttempts();
  const timed = (attempts.data ?? []).filter((a) => a.behaviour === 'timed');
  const newestFirst = [...timed].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  const points = trend(timed);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t('exam.history.title')}</h1>
      {attempts.isError && (
        <QueryError message={errorMessage(attempts.error, t('exam.history.fetchFailed'))} retryLabel={t('exam.retry')} onRetry={() => void attempts.refetch()} retrying={attempts.isFetching} />
      )}
      {attempts.isPending && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('exam.history.loading')}
        </p>
      )}
      {attempts.data &&
        (timed.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center dark:border-slate-700">
            <p className="text-slate-600 dark:text-slate-400">{t('exam.history.empty')}</p>
            <ButtonLink to="/tests">{t('exam.history.browse')}</ButtonLink>
          </div>
        ) : (
          <>
            {points.length > 1 && (
              <Card as="section" aria-labelledby="trend" className="flex flex-col gap-3">
                <h2 id="trend" className="text-xl font-bold">
                  {t('exam.history.trend')}
                </h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('exam.history.trendNote')}</p>
                <ScoreTrend points={points} />
              </Card>
            )}
            <Card as="section" aria-labelledby="attempts" className="py-2 sm:py-3">
              <h2 id="attempts" className="sr-only">
                {t('exam.history.list')}
              </h2>
              <ul>
                {newestFirst.map((a) => (
                  <AttemptRow key={a.id} attempt={a} />
                ))}
              </ul>
            </Card>
          </>
        ))}
    </div>
  );
}
