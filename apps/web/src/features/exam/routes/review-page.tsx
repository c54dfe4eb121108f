import type { ReviewQuestion } from '@abhyas/contracts';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { Prose } from '@/components/ui/prose';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { useLanguage } from '@/lib/language';
import { readIn } from '@/lib/question-language';
import { formatDate, formatDuration, formatSignedMarks } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useReview } from '../api/get-review';
import { useBookmark } from '../api/toggle-bookmark';
import { ReattemptButton } from '../components/reattempt-button';

type Outcome = ReviewQuestion['outcome'];
type Filter = 'all' | Outcome;

const OUTCOME_TONES: Record<Outcome, BadgeTone> = { correct: 'green', wrong: 'red', partial: 'amber', unattempted: 'slate' };

/** The answer-key decision the question was re-marked by: what was decided, in words, and the editors' note. */
function KeyDecisionNote({ decision }: { decision: NonNullable<ReviewQuestion['keyDecision']> }) {
  return (
    <div role="note" className="flex gap-3 rounded-xl border-2 border-indigo-400 bg-indigo-50 px-4 py-3 text-sm dark:border-indigo-600 dark:bg-indigo-950/50">
      <span aria-hidden="true" className="text-lg leading-6">
        ⚖
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-bold">
          {t(`exam.review.decision.${decision.action}`)}
        </p>
        {decision.action !== 'keep' && <p>{t('exam.review.decision.remarked')}</p>}
        {decision.note && <p className="break-words">{t('exam.review.decision.note', { note: decision.note })}</p>}
        <p className="text-slate-600 dark:text-slate-400">{t('exam.review.decision.date', { date: formatDate(decision.decidedAt) })}</p>
      </div>
    </div>
  );
}

function ReviewItem({ question, onBookmark, bookmarking, actions }: { question: ReviewQuestion; onBookmark: () => void; bookmarking: boolean; actions?: ReactNode }) {
  return (
    <Card as="article" aria-labelledby={`review-${question.questionId}`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`review-${question.questionId}`} className="mr-auto text-lg font-bold">
          {t('exam.review.question', { number: question.number })}
        </h2>
        {question.keyDecision && question.keyDecision.action !== 'keep' && <Badge tone="indigo">⚖ {t('exam.review.decision.badge')}</Badge>}
        <Badge tone={OUTCOME_TONES[question.outcome]}>{t(`exam.review.outcome.${question.outcome}`)}</Badge>
        <span className="text-sm font-semibold tabular-nums">{formatSignedMarks(question.mark)}</span>
        <Button variant="ghost" className="px-3 text-sm" aria-pressed={question.bookmarked} onClick={onBookmark} disabled={bookmarking}>
          <span aria-hidden="true">{question.bookmarked ? '★' : '☆'}</span>
          {question.bookmarked ? t('exam.review.bookmarked') : t('exam.review.bookmark')}
        </Button>
      </div>

      {question.keyDecision && <KeyDecisionNote decision={question.keyDecision} />}

      <Prose html={question.stemHtml} lang={question.language} className="max-w-none" />

      <ul className="flex flex-col gap-2">
        {question.options.map((option) => {
          const mine = question.optionIds.includes(option.id);
          return (
            <li
              key={option.id}
              className={cx(
                'flex flex-wrap items-start gap-x-3 gap-y-1 rounded-xl border px-3 py-2.5',
                option.correct ? 'border-emerald-600 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/50' : mine ? 'border-red-600 bg-red-50 dark:border-red-500 dark:bg-red-950/50' : 'border-slate-200 dark:border-slate-800',
              )}
            >
              <span className="font-bold">{option.id}.</span>
              <Prose html={option.html} lang={question.language} className="min-w-0 flex-1 [&>p]:my-0" />
              <span className="flex basis-full flex-wrap gap-2 sm:basis-auto">
                {option.correct && <Badge tone="green">✓ {t('exam.review.correctAnswer')}</Badge>}
                {mine && <Badge tone={option.correct ? 'green' : 'red'}>{option.correct ? '✓' : '✗'} {t('exam.review.yourAnswer')}</Badge>}
              </span>
            </li>
          );
        })}
      </ul>

      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span>{question.optionIds.length === 0 ? t('exam.review.notAnswered') : t('exam.review.youChose', { options: question.optionIds.join(', ') })}</span>
        {question.confidence && <span>{t('exam.review.confidence', { level: t(`exam.confidence.${question.confidence}`) })}</span>}
        {question.markedForReview && <span>{t('exam.review.marked')}</span>}
        <span>{t('exam.review.time', { time: formatDuration(question.timeSpentSeconds) })}</span>
        {question.averageCorrectSeconds !== null && <span>{t('exam.review.rightTime', { time: formatDuration(question.averageCorrectSeconds) })}</span>}
        <span>
          {question.shareCorrect === null ? t('exam.review.shareNone') : t('exam.review.share', { percent: Math.round(question.shareCorrect * 100) })}
        </span>
      </p>

      {question.explanationHtml && (
        <div className="rounded-xl bg-slate-100 px-4 py-3 dark:bg-slate-800/60">
          <h3 className="mb-1 font-semibold">{t('exam.review.explanation')}</h3>
          <Prose html={question.explanationHtml} lang={question.language} className="max-w-none" />
        </div>
      )}
      {question.topic && (
        <p className="text-sm">
          {t('exam.review.topic')} <TextLink to={`/topics/${question.topic.slug}`}>{question.topic.title}</TextLink>
        </p>
      )}
      {actions}
    </Card>
  );
}

export interface ReviewPageProps {
  /** Shown once above the questions when the review is in (the app puts the answer-key challenge window here). */
  attemptActions?: ReactNode;
  /** Shown at the foot of each question (the app puts its challenge or report there). */
  questionActions?: (question: ReviewQuestion) => ReactNode;
}

/**
 * `/attempts/:id/review`: each question with the answer given, the key, the explanation and how many
 * got it right, and the answer-key decision it was re-marked by; what the app adds around them.
 */
export function ReviewPage({ attemptActions, questionActions }: ReviewPageProps = {}) {
  const { id = '' } = useParams();
  const review = useReview(id);
  const bookmark = useBookmark(id);
  const [filter, setFilter] = useState<Filter>('all');
  // Each question in the language the site is read in, when it has it; else in its own.
  const language = useLanguage();
  useDocumentTitle(t('exam.review.title'));

  const questions = review.data ?? [];
  const counts: Record<Filter, number> = { all: questions.length, correct: 0, wrong: 0, partial: 0, unattempted: 0 };
  for (const q of questions) counts[q.outcome] += 1;
  const filters: Filter[] = ['all', 'correct', 'wrong', ...(counts.partial > 0 ? (['partial'] as const) : []), 'unattempted'];
  const shown = filter === 'all' ? questions : questions.filter((q) => q.outcome === filter);
  const lost = questions.filter((q) => q.outcome === 'wrong' || q.outcome === 'partial').map((q) => q.questionId);
  const notYet = isApiError(review.error) && review.error.code === 'REVIEW_NOT_YET';

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <TextLink to={`/attempts/${id}/result`} className="self-start">
        <span aria-hidden="true">← </span>
        {t('exam.review.back')}
      </TextLink>
      <h1 className="text-3xl font-extrabold tracking-tight">{t('exam.review.title')}</h1>

      {notYet ? (
        <Alert tone="info" role="status" title={t('exam.review.notYet')}>
          {errorMessage(review.error, '')}
        </Alert>
      ) : (
        review.isError && (
          <QueryError message={errorMessage(review.error, t('exam.review.fetchFailed'))} retryLabel={t('exam.retry')} onRetry={() => void review.refetch()} retrying={review.isFetching} />
        )
      )}
      {review.isPending && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('exam.review.loading')}
        </p>
      )}

      {review.data && (
        <>
          {attemptActions}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div role="group" aria-label={t('exam.review.filter')} className="flex flex-wrap gap-2">
              {filters.map((f) => (
                <Button key={f} variant={filter === f ? 'primary' : 'secondary'} className="px-3 text-sm" aria-pressed={filter === f} onClick={() => setFilter(f)}>
                  {t(`exam.review.filter.${f}`, { count: counts[f] })}
                </Button>
              ))}
            </div>
            <ReattemptButton questionIds={lost} />
          </div>
          {bookmark.isError && (
            <Alert tone="error" role="alert">
              {errorMessage(bookmark.error, t('exam.review.bookmarkFailed'))}
            </Alert>
          )}
          {shown.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('exam.review.none')}</p>
          ) : (
            shown.map((q) => (
              <ReviewItem
                key={q.questionId}
                question={readIn(q, language)}
                bookmarking={bookmark.isPending && bookmark.variables?.questionId === q.questionId}
                onBookmark={() => bookmark.mutate({ questionId: q.questionId, bookmarked: !q.bookmarked })}
                actions={questionActions?.(q)}
              />
            ))
          )}
        </>
      )}
    </div>
  );
}
