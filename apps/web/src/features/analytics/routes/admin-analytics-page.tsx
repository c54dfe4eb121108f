import type { AnalyticsDimension } from '@abhyas/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SectionHeader } from '@/components/admin/list-page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t, type MessageKey } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useExportAnalytics } from '../api/export-analytics';
import { useAnalytics } from '../api/get-analytics';
import { BreakdownTable } from '../components/breakdown-table';
import { DailyChart } from '../components/daily-chart';
import { RangePicker } from '../components/range-picker';
import { rangeFromParams, type AnalyticsRange } from '../utils/analytics-range';
import { formatDay, formatNumber } from '../utils/format-analytics';

const BREAKDOWNS: readonly { dimension: AnalyticsDimension; title: MessageKey; column: MessageKey }[] = [
  { dimension: 'pages', title: 'analytics.pages', column: 'analytics.col.page' },
  { dimension: 'referrers', title: 'analytics.referrers', column: 'analytics.col.referrer' },
  { dimension: 'countries', title: 'analytics.countries', column: 'analytics.col.country' },
  { dimension: 'cities', title: 'analytics.cities', column: 'analytics.col.city' },
  { dimension: 'devices', title: 'analytics.devices', column: 'analytics.col.device' },
  { dimension: 'browsers', title: 'analytics.browsers', column: 'analytics.col.browser' },
  { dimension: 'os', title: 'analytics.os', column: 'analytics.col.os' },
];

/** `/admin/analytics` (admins): visitors and page views for a date range, with a CSV export. */
export function AdminAnalyticsPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('analytics.title')}`);
  const [params, setParams] = useSearchParams();
  const range = useMemo(() => rangeFromParams(params), [params]);
  const report = useAnalytics(range);
  const exporter = useExportAnalytics();
  const data = report.data;

  const choose = (next: AnalyticsRange) => setParams({ from: next.from, to: next.to });

  return (
    <div className="flex flex-col gap-6">
      <SectionHeader title={t('analytics.title')} intro={t('analytics.intro')}>
        <Button variant="secondary" disabled={exporter.isPending} onClick={() => exporter.mutate(range)}>
          {exporter.isPending && <Spinner className="size-4" />}
          {t('analytics.export.action')}
        </Button>
      </SectionHeader>

      <RangePicker key={`${range.from}/${range.to}`} range={range} onChange={choose} />

      {report.isError && (
        <QueryError message={errorMessage(report.error, t('analytics.fetchFailed'))} retryLabel={t('content.retry')} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      )}
      {report.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('analytics.loading')}
        </p>
      )}

      {data && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t('analytics.rangeShown', { from: formatDay(data.from), to: formatDay(data.to) })}
          </p>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Total label={t('analytics.views')} value={data.totals.views} />
            <Total label={t('analytics.visitors')} value={data.totals.visitors} hint={t('analytics.visitorsHint')} />
            <Total label={t('analytics.anonymousViews')} value={data.totals.anonymousViews} hint={t('analytics.anonymousHint')} />
          </dl>
          <Card as="section" className="p-4 sm:p-5">
            <DailyChart days={data.daily} />
          </Card>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {BREAKDOWNS.map((b) => (
              <BreakdownTable key={b.dimension} title={t(b.title)} column={t(b.column)} items={data.breakdowns[b.dimension]} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function Total({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-5">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-slate-900 dark:text-white">{formatNumber(value)}</dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-400">{hint}</dd>}
    </Card>
  );
}
