import type { Contest } from '@abhyas/contracts';
import { Card } from '@/components/ui/card';
import { t } from '@/i18n/i18n';
import { formatPrize, formatRanks } from '../utils/format-contest';

/** The prizes by rank, as a table. */
export function PrizesTable({ contest }: { contest: Contest }) {
  if (contest.prizes.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="prizes-title" className="flex flex-col gap-3">
      <h2 id="prizes-title" className="text-xl font-bold">
        {t('contests.prizes.title')}
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('contests.prizes.ranks')}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t('contests.prizes.prize')}
            </th>
          </tr>
        </thead>
        <tbody>
          {contest.prizes.map((prize) => (
            <tr key={`${prize.fromRank}-${prize.toRank}-${prize.kind}`} className="border-t border-slate-200 dark:border-slate-800">
              <td className="py-2 pr-3 tabular-nums">{formatRanks(prize)}</td>
              <td className="py-2">{formatPrize(prize)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** How the contest runs and how it is ranked (docs/PRODUCT.md §8.8). */
export function ContestRules({ contest }: { contest: Contest }) {
  return (
    <Card as="section" aria-labelledby="rules-title" className="flex flex-col gap-3">
      <h2 id="rules-title" className="text-xl font-bold">
        {t('contests.rules.title')}
      </h2>
      <ul className="list-disc space-y-1.5 pl-5 leading-7">
        <li>{t('contests.rules.opens', { minutes: contest.durationMinutes })}</li>
        <li>{t('contests.rules.screen')}</li>
        <li>{t('contests.rules.rank')}</li>
        <li>{t('contests.rules.reveal')}</li>
        {contest.freezeMinutes !== null && <li>{t('contests.rules.freeze', { minutes: contest.freezeMinutes })}</li>}
        <li>{t('contests.rules.rating')}</li>
      </ul>
    </Card>
  );
}
