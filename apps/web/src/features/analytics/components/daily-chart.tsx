import type { AnalyticsDay } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';
import { formatDay, formatNumber } from '../utils/format-analytics';
import { labelIndexes, niceCeiling } from '../utils/chart-scale';

const BAR_SLOT = 10;
const PLOT_HEIGHT = 100;

/**
 * Page views per day as bars (anonymous views stacked on top, lighter) and visitors as a line, in
 * plain SVG that stretches to the card's width; the axis labels are HTML so they stay readable on
 * a phone. Screen readers get a summary, and everyone can open the figures as a table.
 */
export function DailyChart({ days }: { days: readonly AnalyticsDay[] }) {
  const max = niceCeiling(Math.max(1, ...days.map((d) => d.views + d.anonymousViews)));
  const y = (value: number) => PLOT_HEIGHT - (value / max) * PLOT_HEIGHT;
  const width = Math.max(1, days.length) * BAR_SLOT;
  const visitors = days.map((d, i) => `${i * BAR_SLOT + BAR_SLOT / 2},${y(d.visitors)}`).join(' ');
  const total = days.reduce((sum, d) => sum + d.views + d.anonymousViews, 0);
  const first = days[0];
  const last = days.at(-1);
  const summary = first && last ? t('analytics.chart.summary', { from: formatDay(first.day), to: formatDay(last.day), views: formatNumber(total) }) : '';

  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold text-slate-900 dark:text-white">{t('analytics.chart.title')}</span>
        <Legend className="bg-indigo-600 dark:bg-indigo-400" label={t('analytics.views')} />
        <Legend className="bg-indigo-200 dark:bg-indigo-900" label={t('analytics.anonymousViews')} />
        <Legend className="h-0.5 bg-emerald-600 dark:bg-emerald-400" label={t('analytics.visitors')} />
      </figcaption>
      <div className="flex gap-2">
        <div aria-hidden="true" className="flex h-48 flex-col justify-between text-right text-xs tabular-nums text-slate-600 sm:h-56 dark:text-slate-400">
          <span>{formatNumber(max)}</span>
          <span>{formatNumber(max / 2)}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} ${PLOT_HEIGHT}`}
          preserveAspectRatio="none"
          className="h-48 min-w-0 flex-1 border-b border-l border-slate-300 sm:h-56 dark:border-slate-700"
        >
          <line x1="0" x2={width} y1={PLOT_HEIGHT / 2} y2={PLOT_HEIGHT / 2} className="stroke-slate-200 dark:stroke-slate-800" vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => (
            <g key={d.day}>
              <rect x={i * BAR_SLOT + 1.5} width={BAR_SLOT - 3} y={y(d.views)} height={PLOT_HEIGHT - y(d.views)} className="fill-indigo-600 dark:fill-indigo-400" />
              <rect
                x={i * BAR_SLOT + 1.5}
                width={BAR_SLOT - 3}
                y={y(d.views + d.anonymousViews)}
                height={y(d.views) - y(d.views + d.anonymousViews)}
                className="fill-indigo-200 dark:fill-indigo-900"
              />
            </g>
          ))}
          <polyline points={visitors} fill="none" strokeWidth="2" vectorEffect="non-scaling-stroke" className="stroke-emerald-600 dark:stroke-emerald-400" />
        </svg>
      </div>
      <div aria-hidden="true" className="relative ml-10 h-4 text-xs text-slate-600 dark:text-slate-400">
        {labelIndexes(days.length, 4).map((i) => (
          <span
            key={i}
            className="absolute whitespace-nowrap"
            style={{ left: `${((i + 0.5) / days.length) * 100}%`, transform: `translateX(${i === 0 ? '0' : i === days.length - 1 ? '-100%' : '-50%'})` }}
          >
            {formatDay(days[i]!.day)}
          </span>
        ))}
      </div>
      <details className="text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-indigo-700 dark:text-indigo-300">{t('analytics.chart.showTable')}</summary>
        <div className="max-h-72 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <thead>
              <tr className="text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1 pr-3 font-medium">{t('analytics.col.day')}</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">{t('analytics.views')}</th>
                <th scope="col" className="py-1 pr-3 text-right font-medium">{t('analytics.visitors')}</th>
                <th scope="col" className="py-1 text-right font-medium">{t('analytics.anonymousViews')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1 pr-3 font-normal">{formatDay(d.day)}</th>
                  <td className="py-1 pr-3 text-right">{formatNumber(d.views)}</td>
                  <td className="py-1 pr-3 text-right">{formatNumber(d.visitors)}</td>
                  <td className="py-1 text-right">{formatNumber(d.anonymousViews)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function Legend({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`inline-block h-2.5 w-3.5 rounded-sm ${className}`} />
      {label}
    </span>
  );
}
