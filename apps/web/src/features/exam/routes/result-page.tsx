import type { AttemptResult } from '@abhyas/contracts';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { formatDate, formatDuration, formatMarks, formatPercentile, formatSignedMarks } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useResult } from '../api/get-result';
import { useReview } from '../api/get-review';
import { ReattemptButton } from '../components/reattempt-button';
import { SectionBreakdown } from '../components/section-breakdown';
import { cutOffLine } from '../utils/cut-off';
import { guessingReport } from '../utils/guess-report';
import { questionCount, strengthsAndWeaknesses, type TopicFigures } from '../utils/strengths';

const cell = 'px-2 py-2 text-right tabular-nums';
const head = 'px-2 py-2 text-right font-semibold';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col rounded-xl border border-slate-200 px-3 py-2 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function Standing({ result }: { result: AttemptResult }) {
  if (!result.ranked) {
    return <p className="text-slate-700 dark:text-slate-300">{t('exam.result.unranked', { number: result.attemptNumber })}</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{t('exam.result.rank')}</dt>
          <dd className="text-2xl font-bold tabular-nums">{result.rank === null ? '—' : t('exam.result.rankOf', { rank: result.rank, candidates: result.candidates })}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">{t('exam.result.percentile')}</dt>
          <dd className="text-2xl font-bold tabular-nums">{result.percentile === null ? '—' : formatPercentile(result.percentile)}</dd>
        </div>
        {result.comparison && (
          <>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-400">{t('exam.result.topper')}</dt>
              <dd className="text-2xl font-bold tabular-nums">{formatMarks(result.comparison.topper)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-400">{t('exam.result.average')}</dt>
              <dd className="text-2xl font-bold tabular-nums">{formatMarks(result.comparison.average)}</dd>
            </div>
          </>
        )}
      </dl>
      {result.provisional && <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{t('exam.result.provisional')}</p>}
      {result.percentile === null && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('exam.result.percentileLater', { from: result.percentileFrom, candidates: result.candidates })}</p>
      )}
    </div>
  );
}

function TopicList({ title, topics, empty }: { title: string; topics: TopicFigures[]; empty: string }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      {topics.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {topics.map((topic) => (
            <li key={`${topic.kind}:${topic.name}`} className="leading-6">
              {topic.kind === 'topic' && topic.slug ? <TextLink to={`/topics/${topic.slug}`}>{topic.name}</TextLink> : <span className="font-medium">{topic.name}</span>}
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {' — '}
                {t('exam.result.topicLine', { correct: topic.correct, total: questionCount(topic), score: formatMarks(topic.score), max: formatMarks(topic.maxScore) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ResultView({ result }: { result: AttemptResult }) {
  const report = guessingReport(result.confidence);
  const { strengths, weaknesses } = strengthsAndWeaknesses(result.topics);
  const review = useReview(result.attemptId, { enabled: result.reviewAvailable });
  const lost = (review.data ?? []).filter((q) => q.outcome === 'wrong' || q.outcome === 'partial').map((q) => q.questionId);
  const levels = result.confidence.filter((l) => l.answered > 0);

  return (
    <>
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">{t('exam.result.kicker')}</p>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance">{result.test?.title ?? t('exam.screen.title')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('exam.result.submittedOn', { date: formatDate(result.submittedAt) })}
          {result.submittedBy === 'server' && ` ${t('exam.result.byServer')}`}
        </p>
      </header>

      <Card as="section" aria-label={t('exam.result.scoreLabel')} className="flex flex-col gap-4">
        <p className="flex items-baseline gap-2">
          <span className="text-5xl font-extrabold tabular-nums">{formatMarks(result.score)}</span>
          <span className="text-xl text-slate-600 dark:text-slate-400">{t('exam.result.outOf', { max: formatMarks(result.maxScore) })}</span>
        </p>
        {result.cutOff !== null && <p className="-mt-2 text-lg text-slate-800 dark:text-slate-200">{cutOffLine(result.score, result.cutOff)}</p>}
        <Standing result={result} />
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label={t('exam.result.correct')} value={result.correct} />
          <Figure label={t('exam.result.wrong')} value={result.wrong} />
          {result.partial > 0 && <Figure label={t('exam.result.partial')} value={result.partial} />}
          <Figure label={t('exam.result.unattempted')} value={result.unattempted} />
          <Figure label={t('exam.result.accuracy')} value={result.accuracy === null ? '—' : `${formatMarks(result.accuracy)}%`} />
          <Figure label={t('exam.result.marksLost')} value={formatMarks(result.marksLost)} />
          <Figure label={t('exam.result.time')} value={formatDuration(result.timeTakenSeconds)} />
        </dl>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {result.reviewAvailable ? (
            <ButtonLink to={`/attempts/${result.attemptId}/review`}>{t('exam.result.review')}</ButtonLink>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {result.revealAt ? t('exam.result.reviewFrom', { date: formatDate(result.revealAt) }) : t('exam.result.reviewLater')}
            </p>
          )}
          {result.reviewAvailable && review.data && <ReattemptButton questionIds={lost} />}
        </div>
      </Card>

      <Card as="section" aria-labelledby="guessing" className="flex flex-col gap-3">
        <h2 id="guessing" className="text-xl font-bold">
          {t('exam.result.guessing')}
        </h2>
        <p data-testid="guessing-report" className="text-lg">
          {report ?? t('exam.guess.none')}
        </p>
        {levels.length > 0 && (
          <div role="region" aria-labelledby="guessing-caption" tabIndex={0} className="overflow-x-auto">
            <table className="w-full min-w-[20rem] border-collapse text-sm">
              <caption id="guessing-caption" className="sr-only">{t('exam.result.guessingCaption')}</caption>
              <thead>
                <tr className="border-b border-slate-300 dark:border-slate-700">
                  <th scope="col" className="py-2 pr-2 text-left font-semibold">
                    {t('exam.result.col.confidence')}
                  </th>
                  <th scope="col" className={head}>{t('exam.result.col.answered')}</th>
                  <th scope="col" className={head}>{t('exam.result.correct')}</th>
                  <th scope="col" className={head}>{t('exam.result.wrong')}</th>
                  <th scope="col" className={head}>{t('exam.result.col.gained')}</th>
                  <th scope="col" className={head}>{t('exam.result.col.lost')}</th>
                  <th scope="col" className={head}>{t('exam.result.col.net')}</th>
                </tr>
              </thead>
              <tbody>
                {levels.map((l) => (
                  <tr key={l.level} className="border-b border-slate-200 dark:border-slate-800">
                    <th scope="row" className="py-2 pr-2 text-left font-medium">
                      {t(`exam.confidence.${l.level}`)}
                    </th>
                    <td className={cell}>{l.answered}</td>
                    <td className={cell}>{l.correct}</td>
                    <td className={cell}>{l.wrong}</td>
                    <td className={cell}>{formatSignedMarks(l.marksGained)}</td>
                    <td className={cell}>{formatSignedMarks(-l.marksLost)}</td>
                    <td className={`${cell} font-semibold`}>{formatSignedMarks(l.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {result.sections.length > 1 && (
        <Card as="section" aria-labelledby="sections" className="flex flex-col gap-3">
          <h2 id="sections" className="text-xl font-bold">
            {t('exam.result.sections')}
          </h2>
          <SectionBreakdown sections={result.sections} />
        </Card>
      )}

      {result.topics.length > 0 && (
        <Card as="section" aria-labelledby="topics" className="flex flex-col gap-4">
          <h2 id="topics" className="text-xl font-bold">
            {t('exam.result.topics')}
          </h2>
          <div className="grid gap-6 sm:grid-cols-2">
            <TopicList title={t('exam.result.strengths')} topics={strengths} empty={t('exam.result.noStrengths')} />
            <TopicList title={t('exam.result.weaknesses')} topics={weaknesses} empty={t('exam.result.noWeaknesses')} />
          </div>
          {result.notReached.sections > 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('exam.result.notReached', { sections: result.notReached.sections, questions: result.notReached.questions })}</p>
          )}
        </Card>
      )}

      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <TextLink to="/me/attempts">{t('exam.result.history')}</TextLink>
        {result.test &&
          (result.test.contestSlug ? (
            <TextLink to={`/contests/${result.test.contestSlug}`}>{t('exam.result.backToContest')}</TextLink>
          ) : (
            <TextLink to={`/tests/${result.test.slug}`}>{t('exam.result.backToTest')}</TextLink>
          ))}
      </p>
    </>
  );
}

/** `/attempts/:id/result`: score beside the cut-off, rank and percentile, the figures, the guessing report, sections and topics. */
export function ResultPage() {
  const { id = '' } = useParams();
  const result = useResult(id);
  useDocumentTitle(result.data?.test?.title ? t('exam.result.pageTitle', { title: result.data.test.title }) : t('exam.result.kicker'));
  return (
    <div className="flex w-full flex-col gap-6">
      {result.isError && (
        <QueryError
          message={errorMessage(result.error, t('exam.result.fetchFailed'))}
          retryLabel={t('exam.retry')}
          onRetry={isRetryable(result.error) ? () => void result.refetch() : undefined}
          retrying={result.isFetching}
        />
      )}
      {result.isPending && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('exam.result.loading')}
        </p>
      )}
      {result.data && <ResultView result={result.data} />}
    </div>
  );
}
