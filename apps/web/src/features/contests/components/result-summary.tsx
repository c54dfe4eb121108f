import type { Contest } from '@abhyas/contracts';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { t } from '@/i18n/i18n';
import { formatDelta, formatPrize } from '../utils/format-contest';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col rounded-xl border border-slate-200 px-3 py-2 dark:border-slate-800">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

/** After the results are final: the candidate's rank, prize and rating change, and their own analysis on the exam engine's result page. */
export function ResultSummary({ contest }: { contest: Contest }) {
  const entry = contest.entry;
  if (contest.status !== 'final' || !entry || entry.status !== 'confirmed') return null;
  const rated = entry.ratingBefore !== null && entry.ratingAfter !== null;
  return (
    <Card as="section" aria-labelledby="result-title" className="flex flex-col gap-4">
      <h2 id="result-title" className="text-xl font-bold">
        {t('contests.result.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label={t('contests.result.rank')} value={entry.rank === null ? '—' : t('contests.result.rankOf', { rank: entry.rank, count: entry.rankOf ?? contest.users.count })} />
        <Figure label={t('contests.result.prize')} value={entry.prize ? formatPrize(entry.prize) : t('contests.result.noPrize')} />
        {rated && entry.ratingBefore !== null && entry.ratingAfter !== null && (
          <Figure label={t('contests.result.rating')} value={t('contests.result.ratingValue', { after: entry.ratingAfter, delta: formatDelta(entry.ratingBefore, entry.ratingAfter) })} />
        )}
      </dl>
      {!rated && <p className="text-sm text-slate-600 dark:text-slate-400">{t('contests.result.unrated')}</p>}
      {entry.attemptId && (
        <ButtonLink to={`/attempts/${entry.attemptId}/result`} className="self-start">
          {t('contests.panel.analysis')}
        </ButtonLink>
      )}
    </Card>
  );
}
