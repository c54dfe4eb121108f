import type { Contest } from '@abhyas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { contestKeys } from '../api/contest-keys';
import { useContest } from '../api/get-contest';
import { useLiveLeaderboard } from '../api/use-live-leaderboard';
import { ContestRules, PrizesTable } from '../components/contest-details';
import { ContestIcon } from '@/components/contests/contest-icon';
import { formatDateTime } from '@/lib/format';
import { ContestStatusBadge } from '../components/contest-status';
import { CountdownText } from '../components/countdown-text';
import { JoinPanel } from '../components/join-panel';
import { Leaderboard } from '../components/leaderboard';
import { Participants } from '../components/participants';
import { ResultSummary } from '../components/result-summary';
import { SeatsBar } from '../components/seats-bar';
import { formatRupees } from '../utils/format-contest';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

function Details({ contest, onBoundary }: { contest: Contest; onBoundary: () => void }) {
  const boardShown = contest.status === 'running' || contest.status === 'ended' || contest.status === 'final';
  const live = contest.status === 'running' || contest.status === 'ended';
  const { board, connection } = useLiveLeaderboard(contest.id, live);
  const submitted = board.data?.me?.state === 'submitted';
  // The stream's last board is the final one: the contest's own results (rank, prize, rating) are ready too.
  const finalBoard = board.data?.status === 'final';
  useEffect(() => {
    if (finalBoard && contest.status !== 'final') onBoundary();
  }, [finalBoard, contest.status, onBoundary]);
  return (
    <>
      <header className="flex flex-col gap-3">
        <div className="flex items-start gap-3">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
            <ContestIcon icon={contest.icon} className="size-7" />
          </span>
          <div className="flex min-w-0 flex-col gap-1.5">
            <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 dark:text-white">{contest.title}</h1>
            <div className="flex flex-wrap gap-1.5">
              <Badge tone="slate">{t(`contests.level.${contest.level}`)}</Badge>
              <ContestStatusBadge status={contest.status} />
            </div>
          </div>
        </div>
        {contest.description && <p className="leading-7 whitespace-pre-line text-slate-700 dark:text-slate-300">{contest.description}</p>}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Fact label={t('contests.card.starts')}>
            <time dateTime={contest.startsAt}>{formatDateTime(contest.startsAt)}</time>
          </Fact>
          <Fact label={t('contests.page.length')}>
            {t('contests.card.minutes', { count: contest.durationMinutes })} · {t('contests.card.questions', { count: contest.questionCount })}
          </Fact>
          <Fact label={t('contests.card.price')}>{contest.isFree ? t('contests.card.free') : contest.price}</Fact>
          <Fact label={t('contests.card.firstPrize')}>{contest.firstPrize > 0 ? formatRupees(contest.firstPrize) : t('contests.card.noCashPrize')}</Fact>
          {contest.status === 'running' && (
            <Fact label={t('contests.page.endsIn')}>
              <CountdownText at={contest.endsAt} label={t('contests.page.endsIn')} onDone={onBoundary} />
            </Fact>
          )}
        </dl>
        <SeatsBar filled={contest.filledSeats} total={contest.totalSeats} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Participants users={contest.users} />
        </p>
      </header>
      <ResultSummary contest={contest} />
      <JoinPanel contest={contest} submitted={submitted} onBoundary={onBoundary} />
      {boardShown && <Leaderboard contest={contest} board={board.data} error={board.error} retry={() => void board.refetch()} connection={connection} />}
      <PrizesTable contest={contest} />
      <ContestRules contest={contest} />
    </>
  );
}

/** `/contests/:slug`: a contest's details, entry (join, pay, enter), live leaderboard, prizes and rules. */
export function ContestPage() {
  const { slug = '' } = useParams();
  const contest = useContest(slug);
  const queryClient = useQueryClient();
  useDocumentTitle(contest.data?.title ?? t('contests.title'));
  // When the contest starts or ends, its status (and what can be done) changes: ask again.
  // The device's clock may run a little ahead of the server's, so it asks once more shortly after.
  const onBoundary = useCallback(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: contestKeys.all });
    refresh();
    setTimeout(refresh, 2_000);
  }, [queryClient]);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <TextLink to="/contests" className="self-start">
        <span aria-hidden="true">← </span>
        {t('contests.page.back')}
      </TextLink>
      {contest.isError && (
        <QueryError
          message={errorMessage(contest.error, t('contests.page.fetchFailed'))}
          retryLabel={t('contests.retry')}
          onRetry={isRetryable(contest.error) ? () => void contest.refetch() : undefined}
          retrying={contest.isFetching}
        />
      )}
      {contest.isPending && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('contests.page.loading')}
        </p>
      )}
      {contest.data && <Details contest={contest.data} onBoundary={onBoundary} />}
    </div>
  );
}
