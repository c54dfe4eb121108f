import type { Contest, Leaderboard as Board, LeaderboardRow } from '@abhyas/contracts';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t, type MessageKey } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { formatDuration, formatMarks } from '@/lib/format';
import type { BoardConnection } from '../api/use-live-leaderboard';
import { formatDelta, formatPrize, formatTime } from '../utils/format-contest';

function scoreText(row: LeaderboardRow): string {
  if (row.state === 'submitted' && row.score !== null) return t('contests.board.score', { score: formatMarks(row.score), max: formatMarks(row.maxScore) });
  if (row.state === 'playing') return t('contests.board.playing', { count: row.answered });
  return t('contests.board.notStarted');
}

function Extras({ row }: { row: LeaderboardRow }) {
  const rating = row.ratingBefore !== null && row.ratingAfter !== null ? t('contests.board.rating', { after: row.ratingAfter, delta: formatDelta(row.ratingBefore, row.ratingAfter) }) : null;
  if (!row.prize && !rating) return null;
  return <span className="block text-xs text-slate-600 dark:text-slate-400">{[row.prize ? formatPrize(row.prize) : null, rating].filter(Boolean).join(' · ')}</span>;
}

function Row({ row }: { row: LeaderboardRow }) {
  return (
    <tr className={cx('border-t border-slate-200 dark:border-slate-800', row.isMe && 'bg-indigo-50 font-semibold dark:bg-indigo-950/60')}>
      <td className="w-8 px-1.5 py-2 text-right tabular-nums">{row.rank}</td>
      <td className="px-1.5 py-2 break-words">
        <span>{row.name}</span>
        {row.isMe && <span className="ml-1.5 rounded-full bg-indigo-600 px-1.5 text-xs text-white">{t('contests.board.you')}</span>}
        <Extras row={row} />
      </td>
      <td className={cx('w-24 px-1.5 py-2 text-right tabular-nums', row.state !== 'submitted' && 'text-slate-700 dark:text-slate-300')}>
        {scoreText(row)}
        {/* On phones the time taken goes under the score, as the fourth column does not fit. */}
        {row.timeTakenMs !== null && <span className="block text-xs font-normal text-slate-600 sm:hidden dark:text-slate-400">{formatDuration(row.timeTakenMs / 1000)}</span>}
      </td>
      <td className="hidden px-1.5 py-2 text-right tabular-nums sm:table-cell">{row.timeTakenMs === null ? '—' : formatDuration(row.timeTakenMs / 1000)}</td>
    </tr>
  );
}

function Table({ rows, caption, headed = true }: { rows: LeaderboardRow[]; caption: string; headed?: boolean }) {
  return (
    <div className={cx('overflow-x-auto', headed && '-mx-1.5')}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={headed ? undefined : 'sr-only'}>
          <tr className="text-left text-slate-600 dark:text-slate-400">
            <th scope="col" className="px-1.5 py-2 text-right font-semibold">
              {t('contests.board.rank')}
            </th>
            <th scope="col" className="px-1.5 py-2 font-semibold">
              {t('contests.board.name')}
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-semibold">
              {t('contests.board.scoreCol')}
            </th>
            <th scope="col" className="hidden px-1.5 py-2 text-right font-semibold sm:table-cell">
              {t('contests.board.time')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={`${row.rank}:${row.name}:${row.isMe}`} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const connectionWords: Record<BoardConnection, MessageKey | null> = {
  connecting: 'contests.board.connecting',
  live: 'contests.board.live',
  reconnecting: 'contests.board.reconnecting',
  polling: 'contests.board.polling',
  idle: null,
};

/**
 * The leaderboard: rank, name, score (or "playing · N answered" until submission, when scores are
 * revealed), time taken; the candidate's own row highlighted in the table and pinned above it; a
 * banner while the public board is frozen; after the results, prizes and rating changes.
 */
export function Leaderboard({ contest, board, error, retry, connection }: { contest: Contest; board: Board | undefined; error: unknown; retry: () => void; connection: BoardConnection }) {
  const status = connectionWords[connection];
  const me = board?.me ?? null;
  const final = board?.status === 'final';
  return (
    <Card as="section" aria-labelledby="board-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="board-title" className="text-xl font-bold">
          {final ? t('contests.board.finalTitle') : contest.status === 'ended' ? t('contests.board.provisionalTitle') : t('contests.board.title')}
        </h2>
        {status && !final && (
          <span role="status" className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
            <span aria-hidden="true" className={cx('size-2 rounded-full', connection === 'live' ? 'bg-emerald-600' : 'bg-amber-500')} />
            {t(status)}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('contests.rules.rank')}</p>
      {board?.frozen && (
        <Alert tone="warning" title={t('contests.board.frozenTitle')}>
          {board.frozenAt ? t('contests.board.frozenAt', { time: formatTime(board.frozenAt) }) : t('contests.board.frozen')}
        </Alert>
      )}
      {Boolean(error) && !board && <QueryError message={errorMessage(error, t('contests.board.fetchFailed'))} retryLabel={t('contests.retry')} onRetry={retry} />}
      {!board && !error && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('contests.board.loading')}
        </p>
      )}
      {me && (
        <div aria-label={t('contests.board.mine')} role="group" className="overflow-hidden rounded-xl border-2 border-indigo-600 dark:border-indigo-400">
          <Table rows={[me]} caption={t('contests.board.mine')} headed={false} />
        </div>
      )}
      {board &&
        (board.rows.length > 0 ? (
          <Table rows={board.rows} caption={t('contests.board.caption', { title: contest.title })} />
        ) : (
          <p className="text-slate-600 dark:text-slate-400">{t('contests.board.empty')}</p>
        ))}
      {board && board.total > board.rows.length && <p className="text-sm text-slate-600 dark:text-slate-400">{t('contests.board.more', { shown: board.rows.length, total: board.total })}</p>}
    </Card>
  );
}
