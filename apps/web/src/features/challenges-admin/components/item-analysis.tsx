import type { ChallengeQueueItem } from '@abhyas/contracts';
import { useId } from 'react';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { formatFixed } from '@/lib/format';

type Stats = NonNullable<ChallengeQueueItem['itemStats']>;

const percent = (share: number) => `${Math.round(Math.max(0, Math.min(1, share)) * 100)}%`;

/** A share of one third of the candidates as a bar, read out as a meter with the share. */
function ThirdBar({ label, share, tone }: { label: string; share: number; tone: 'top' | 'bottom' }) {
  const value = Math.round(Math.max(0, Math.min(1, share)) * 100);
  return (
    <div className="flex items-center gap-2">
      <div role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-valuetext={percent(share)} className="h-3 w-28 shrink-0 overflow-hidden rounded-sm bg-slate-200 sm:w-40 dark:bg-slate-700">
        <div className={cx('h-full', tone === 'top' ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-slate-500 dark:bg-slate-400')} style={{ width: `${value}%` }} />
      </div>
      <span className="tabular-nums">{percent(share)}</span>
    </div>
  );
}

/**
 * The test's item analysis of a queued question: facility, discrimination, the likely-wrong-key flag
 * and, per option, the share of the top and the bottom third (by total score) who chose it. The key
 * in force is named in words beside its letter.
 */
export function ItemAnalysis({ stats, options }: { stats: Stats; options: ChallengeQueueItem['options'] }) {
  const id = useId();
  return (
    <section aria-label={t('challengeQueue.stats.title')} className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3 sm:p-4 dark:bg-slate-800/50">
      <h3 className="font-semibold">{t('challengeQueue.stats.title')}</h3>
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t('challengeQueue.stats.facility')}</dt>
          <dd className="font-semibold tabular-nums">{stats.facility === null ? '—' : t('challengeQueue.stats.facilityValue', { percent: percent(stats.facility) })}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t('challengeQueue.stats.discrimination')}</dt>
          <dd className="font-semibold tabular-nums">{stats.discrimination === null ? '—' : formatFixed(stats.discrimination, 2)}</dd>
        </div>
      </dl>
      {stats.likelyWrongKey && (
        <p className="inline-flex items-center gap-1.5 self-start rounded-md border border-red-500 bg-red-50 px-2 py-0.5 text-sm font-semibold text-red-900 dark:border-red-600 dark:bg-red-950 dark:text-red-100">
          <span aria-hidden="true">⚠</span>
          {t('challengeQueue.stats.likelyWrongKey')}
        </p>
      )}
      <p id={`${id}-thirds`} className="text-sm text-slate-700 dark:text-slate-300">
        {t('challengeQueue.stats.thirds')}
      </p>
      <ul aria-labelledby={`${id}-thirds`} className="flex flex-col gap-2 text-sm">
        {options.map((option, index) => (
          <li key={option.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 border-b border-slate-200 pb-2 last:border-b-0 dark:border-slate-700">
            <span className="w-16 shrink-0 font-semibold">
              {option.id}
              {option.correct && <span className="ml-1.5 text-xs text-emerald-800 dark:text-emerald-300">✓ {t('challengeQueue.key')}</span>}
            </span>
            <span className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1">
              <span className="text-slate-600 dark:text-slate-400">{t('challengeQueue.stats.top')}</span>
              <ThirdBar label={t('challengeQueue.stats.topOf', { option: option.id })} share={stats.topThird[index] ?? 0} tone="top" />
              <span className="text-slate-600 dark:text-slate-400">{t('challengeQueue.stats.bottom')}</span>
              <ThirdBar label={t('challengeQueue.stats.bottomOf', { option: option.id })} share={stats.bottomThird[index] ?? 0} tone="bottom" />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
