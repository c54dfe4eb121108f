import type { AdminAd, AdState } from '@abhyas/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/i18n/i18n';
import { formatDate } from '@/lib/format';

const STATE_TONE: Record<AdState, BadgeTone> = { live: 'green', scheduled: 'indigo', ended: 'slate', paused: 'amber' };

/** Where an ad shows, in words: all India, or its PIN codes and prefixes. */
export function targetingSummary(targeting: AdminAd['targeting']): string {
  if (targeting.national) return t('ads.targeting.national');
  const parts = [...targeting.pincodes.map((p) => t('ads.targeting.pin', { pin: p })), ...targeting.prefixes.map((p) => t('ads.targeting.prefix', { prefix: p }))];
  return parts.join(', ');
}

/** Clicks per hundred impressions, one decimal; a dash before the first impression. */
const clickRate = (ad: AdminAd) => (ad.impressions > 0 ? `${((ad.clicks / ad.impressions) * 100).toFixed(1)}%` : '–');

/** The admins' ads: banner, state, where it shows, its window and its counts. */
export function AdList({ ads }: { ads: AdminAd[] }) {
  return (
    <ul className="flex flex-col gap-4">
      {ads.map((ad) => (
        <li key={ad.id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <img src={ad.imageUrl} alt="" width={1200} height={300} loading="lazy" className="aspect-[4/1] h-auto w-full rounded-lg bg-slate-100 object-cover dark:bg-slate-800" />
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1">
              <h2 className="font-semibold text-slate-900 dark:text-white">{ad.title}</h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">{targetingSummary(ad.targeting)}</p>
              {(ad.startsAt || ad.endsAt) && (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('ads.window', { from: ad.startsAt ? formatDate(ad.startsAt) : '…', to: ad.endsAt ? formatDate(ad.endsAt) : '…' })}
                </p>
              )}
            </div>
            <Badge tone={STATE_TONE[ad.state]}>{t(`ads.state.${ad.state}`)}</Badge>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            {[
              [t('ads.stats.impressions'), ad.impressions.toLocaleString('en-IN')],
              [t('ads.stats.clicks'), ad.clicks.toLocaleString('en-IN')],
              [t('ads.stats.rate'), clickRate(ad)],
              [t('ads.field.weight'), String(ad.weight)],
            ].map(([label, value]) => (
              <div key={label} className="flex flex-col">
                <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{value}</dd>
              </div>
            ))}
          </dl>
          <ButtonLink to={`/admin/ads/${ad.id}/edit`} variant="secondary" className="self-start px-3 text-sm">
            {t('editor.action.edit')}
            <span className="sr-only">: {ad.title}</span>
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}
