import { t, type MessageKey } from '@/i18n/i18n';
import { formatMarks } from '@/lib/format';
import { figure, percent, type ItemStatsReady } from '../utils/item-stats-view';

type Figure = { label: MessageKey; hint: MessageKey; value: string | null };

/** A score in marks, "102.5 of 200" when the maximum is known. */
const marks = (value: number | null, maxScore?: number) => {
  if (value === null) return null;
  return maxScore === undefined ? formatMarks(value) : t('testEditor.stats.outOf', { value: formatMarks(value), max: formatMarks(maxScore) });
};

/** The test's statistics, each with a line saying what it tells. */
export function TestFigures({ test, maxScore }: { test: ItemStatsReady['test']; maxScore?: number | undefined }) {
  const figures: Figure[] = [
    { label: 'testEditor.stats.test.attempts', hint: 'testEditor.stats.test.attemptsHint', value: String(test.attempts) },
    { label: 'testEditor.stats.test.mean', hint: 'testEditor.stats.test.meanHint', value: marks(test.mean, maxScore) },
    { label: 'testEditor.stats.test.median', hint: 'testEditor.stats.test.medianHint', value: marks(test.median, maxScore) },
    { label: 'testEditor.stats.test.sd', hint: 'testEditor.stats.test.sdHint', value: marks(test.standardDeviation) },
    { label: 'testEditor.stats.test.skewness', hint: 'testEditor.stats.test.skewnessHint', value: figure(test.skewness, 2) },
    { label: 'testEditor.stats.test.kurtosis', hint: 'testEditor.stats.test.kurtosisHint', value: figure(test.kurtosis, 2) },
    { label: 'testEditor.stats.test.cic', hint: 'testEditor.stats.test.cicHint', value: percent(test.internalConsistency) },
    { label: 'testEditor.stats.test.errorRatio', hint: 'testEditor.stats.test.errorRatioHint', value: percent(test.errorRatio) },
    { label: 'testEditor.stats.test.standardError', hint: 'testEditor.stats.test.standardErrorHint', value: marks(test.standardError) },
  ];
  return (
    <dl className="grid gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-800 dark:bg-slate-800">
      {figures.map((f) => (
        <div key={f.label} className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 gap-y-0.5 bg-white px-4 py-3 dark:bg-slate-900">
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{t(f.label)}</dt>
          <dd className="text-right text-lg font-bold text-slate-900 tabular-nums dark:text-white">
            {f.value ?? (
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">{t('testEditor.stats.notAvailable')}</span>
              </>
            )}
          </dd>
          <dd className="col-span-2 text-sm text-slate-600 dark:text-slate-400">{t(f.hint)}</dd>
        </div>
      ))}
    </dl>
  );
}
