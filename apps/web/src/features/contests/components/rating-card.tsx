import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useRating } from '../api/get-rating';
import { formatDelta } from '../utils/format-contest';

/** The profile's contest rating (Codeforces-style, docs/PRODUCT.md §8.8) and its history, newest first, as a small table. */
export function ContestRatingCard() {
  const rating = useRating();
  const data = rating.data;
  const history = data ? [...data.history].sort((a, b) => Date.parse(b.endsAt) - Date.parse(a.endsAt)) : [];
  return (
    <Card as="section" aria-labelledby="rating-title" className="flex flex-col gap-3">
      <h2 id="rating-title" className="text-xl font-bold">
        {t('contests.rating.title')}
      </h2>
      {rating.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('contests.rating.loading')}
        </p>
      )}
      {rating.isError && <QueryError message={errorMessage(rating.error, t('contests.rating.fetchFailed'))} retryLabel={t('contests.retry')} onRetry={() => void rating.refetch()} retrying={rating.isFetching} />}
      {data &&
        (data.rating === null ? (
          <p className="text-slate-700 dark:text-slate-300">
            {t('contests.rating.none')} <TextLink to="/contests">{t('contests.rating.find')}</TextLink>
          </p>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-3xl font-extrabold tabular-nums">{data.rating}</span>
              <span className="text-slate-600 dark:text-slate-400">{data.contests === 1 ? t('contests.rating.countOne') : t('contests.rating.count', { count: data.contests })}</span>
            </p>
            <div className="-mx-1.5 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('contests.rating.history')}</caption>
                <thead>
                  <tr className="text-left text-slate-600 dark:text-slate-400">
                    <th scope="col" className="px-1.5 py-2 font-semibold">
                      {t('contests.rating.contest')}
                    </th>
                    <th scope="col" className="px-1.5 py-2 text-right font-semibold">
                      {t('contests.rating.rank')}
                    </th>
                    <th scope="col" className="px-1.5 py-2 text-right font-semibold">
                      {t('contests.rating.change')}
                    </th>
                    <th scope="col" className="px-1.5 py-2 text-right font-semibold">
                      {t('contests.rating.after')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((item) => (
                    <tr key={item.contestId} className="border-t border-slate-200 dark:border-slate-800">
                      <td className="px-1.5 py-2 break-words">
                        <TextLink to={`/contests/${item.slug}`}>{item.title}</TextLink>
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {formatDate(item.endsAt)} · {t('contests.rating.performance', { value: item.performance })}
                        </span>
                      </td>
                      <td className="px-1.5 py-2 text-right tabular-nums">{t('contests.rating.rankOf', { rank: item.rank, count: item.participants })}</td>
                      <td className="px-1.5 py-2 text-right tabular-nums">{formatDelta(item.ratingBefore, item.ratingAfter)}</td>
                      <td className="px-1.5 py-2 text-right tabular-nums">{item.ratingAfter}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ))}
    </Card>
  );
}
