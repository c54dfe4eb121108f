import { ANALYTICS_LIMITS } from '@abhyas/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { lastDays, rangeDays, today, type AnalyticsRange } from '../utils/analytics-range';

const PRESETS = [7, 30, 90] as const;

export interface RangePickerProps {
  range: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}

/** The date range of the report: quick choices for the last 7, 30 or 90 days, or any two dates. */
export function RangePicker({ range, onChange }: RangePickerProps) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!from || !to || from > to) return setError(t('analytics.range.invalid'));
    if (rangeDays({ from, to }) > ANALYTICS_LIMITS.maxRangeDays) return setError(t('analytics.range.tooLong', { days: ANALYTICS_LIMITS.maxRangeDays }));
    setError(null);
    onChange({ from, to });
  }

  function choose(days: number) {
    const next = lastDays(days);
    setFrom(next.from);
    setTo(next.to);
    setError(null);
    onChange(next);
  }

  return (
    <form onSubmit={submit} aria-label={t('analytics.range.label')} className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('analytics.range.quick')}>
        {PRESETS.map((days) => {
          const current = range.to === today() && rangeDays(range) === days;
          return (
            <Button key={days} type="button" variant="secondary" className="px-3 text-sm aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 dark:aria-pressed:bg-indigo-950 dark:aria-pressed:text-indigo-200" aria-pressed={current} onClick={() => choose(days)}>
              {t('analytics.range.lastDays', { days })}
            </Button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-36 flex-1 sm:flex-none">
          <TextField label={t('analytics.range.from')} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="min-w-36 flex-1 sm:flex-none">
          <TextField label={t('analytics.range.to')} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          {t('analytics.range.apply')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
