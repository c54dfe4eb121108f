import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';

/** Seats as a filled / total bar with the figures in words beside it (the bar itself is decoration). */
export function SeatsBar({ filled, total }: { filled: number; total: number }) {
  const share = total > 0 ? Math.min(1, filled / total) : 1;
  const left = Math.max(0, total - filled);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-semibold text-slate-800 dark:text-slate-200">{t('contests.seats.filled', { filled, total })}</span>
        <span className="text-slate-600 dark:text-slate-400">{left === 0 ? t('contests.seats.none') : t('contests.seats.left', { count: left })}</span>
      </div>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
        <div className={cx('h-full rounded-full', share >= 1 ? 'bg-rose-600 dark:bg-rose-400' : share >= 0.8 ? 'bg-amber-500' : 'bg-indigo-600 dark:bg-indigo-400')} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  );
}
