import type { Contest } from '@abhyas/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';
import { formatDateTime } from '@/lib/format';
import { serverWords } from '@/lib/server-words';
import { formatRupees } from '../utils/format-contest';
import { CardAction } from './card-action';
import { ContestIcon } from '@/components/contests/contest-icon';
import { ContestStatusBadge } from './contest-status';
import { Participants } from './participants';
import { SeatsBar } from './seats-bar';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-bold text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

/**
 * A contest in a list: icon, title (the link; its box covers the card), level, status, start in the
 * candidate's time zone, price and first prize, seats as a bar, who is taking part, and the one
 * thing to do next. When registration is closed, the reason.
 */
export function ContestCard({ contest, compact = false }: { contest: Contest; compact?: boolean }) {
  const closedReason = !contest.registration.open && !contest.joinedAt && contest.entry === null ? serverWords(contest.registration.reason) : null;
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
          <ContestIcon icon={contest.icon} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="text-lg leading-snug font-bold text-slate-900 dark:text-white">
            <Link to={`/contests/${contest.slug}`} className="rounded after:absolute after:inset-0 hover:text-indigo-700 dark:hover:text-indigo-300">
              {contest.title}
            </Link>
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone="slate">{t(`contests.level.${contest.level}`)}</Badge>
            <ContestStatusBadge status={contest.status} />
            {contest.joinedAt && <Badge tone="green">{t('contests.card.joined')}</Badge>}
            {contest.entry?.status === 'pending' && <Badge tone="amber">{t('contests.card.pending')}</Badge>}
          </div>
        </div>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="sr-only">{t('contests.card.starts')} </span>
        <time dateTime={contest.startsAt}>{formatDateTime(contest.startsAt)}</time>
        {!compact && (
          <>
            <span aria-hidden="true"> · </span>
            {t('contests.card.minutes', { count: contest.durationMinutes })}
            <span aria-hidden="true"> · </span>
            {t('contests.card.questions', { count: contest.questionCount })}
          </>
        )}
      </p>
      <dl className="grid grid-cols-2 gap-2">
        <Fact label={t('contests.card.price')} value={contest.isFree ? t('contests.card.free') : contest.price} />
        <Fact label={t('contests.card.firstPrize')} value={contest.firstPrize > 0 ? formatRupees(contest.firstPrize) : t('contests.card.noCashPrize')} />
      </dl>
      <SeatsBar filled={contest.filledSeats} total={contest.totalSeats} />
      {!compact && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Participants users={contest.users} />
        </p>
      )}
      {contest.entry?.rank != null ? (
        <p className="text-sm font-semibold text-slate-800 dark:text-slate-200">{t('contests.card.rank', { rank: contest.entry.rank, count: contest.entry.rankOf ?? contest.users.count })}</p>
      ) : (
        contest.joinedAt && <p className="text-sm text-slate-700 dark:text-slate-300">{t('contests.card.joinedOn', { date: formatDateTime(contest.joinedAt) })}</p>
      )}
      {closedReason && <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{closedReason}</p>}
      <div className="mt-auto flex flex-col">
        <CardAction contest={contest} />
      </div>
    </article>
  );
}
