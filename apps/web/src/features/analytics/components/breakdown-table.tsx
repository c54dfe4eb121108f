import type { AnalyticsItem } from '@abhyas/contracts';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { t } from '@/i18n/i18n';
import { formatNumber } from '../utils/format-analytics';

export interface BreakdownTableProps {
  title: string;
  /** The first column's heading: Page, Referrer, Country… */
  column: string;
  items: readonly AnalyticsItem[];
}

/** One top list as a table, each row with a bar showing its share of the list's page views. */
export function BreakdownTable({ title, column, items }: BreakdownTableProps) {
  const max = Math.max(1, ...items.map((i) => i.views));
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('analytics.empty')}</p>
      ) : (
        <table className="w-full table-fixed text-left text-sm tabular-nums">
          <thead>
            <tr className="text-slate-600 dark:text-slate-400">
              <th scope="col" className="pb-1 font-medium">{column}</th>
              <th scope="col" className="w-20 pb-1 text-right font-medium">{t('analytics.views')}</th>
              <th scope="col" className="w-20 pb-1 text-right font-medium">{t('analytics.visitors')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.value ?? ''} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="relative py-1.5 pr-2 font-normal">
                  <span aria-hidden="true" className="absolute inset-y-1 left-0 rounded bg-indigo-100 dark:bg-indigo-950" style={{ width: `${(item.views / max) * 100}%` }} />
                  <span className="relative block truncate px-1.5 text-slate-900 dark:text-slate-100" title={item.value ?? undefined}>
                    {item.value ?? t('analytics.unknown')}
                  </span>
                </th>
                <td className="py-1.5 text-right text-slate-900 dark:text-slate-100">{formatNumber(item.views)}</td>
                <td className="py-1.5 text-right text-slate-700 dark:text-slate-300">{formatNumber(item.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
