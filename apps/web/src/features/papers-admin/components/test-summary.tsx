import { t } from '@/i18n/i18n';
import type { TestSummaryFigures } from '../utils/test-draft';

/** The test at a glance as the form stands: questions, maximum score, duration and whether sections are locked. */
export function TestSummary({ figures, sections }: { figures: TestSummaryFigures; sections: number }) {
  const rows: [string, string][] = [
    [t('testEditor.summary.sections'), String(sections)],
    [t('testEditor.summary.questions'), String(figures.questions)],
    [t('testEditor.summary.maxScore'), String(figures.maxScore)],
    [t('testEditor.summary.duration'), t('testEditor.minutes', { count: figures.durationMinutes })],
    [t('testEditor.summary.locked'), figures.locked ? t('testEditor.summary.lockedYes', { minutes: figures.sectionMinutes }) : t('testEditor.summary.lockedNo')],
  ];
  return (
    <section aria-labelledby="test-summary-heading" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="test-summary-heading" className="text-sm font-bold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {t('testEditor.summary.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      {figures.locked && figures.sectionMinutes !== figures.durationMinutes && (
        <p className="text-sm text-amber-800 dark:text-amber-300">{t('testEditor.summary.lockedMismatch', { minutes: figures.sectionMinutes })}</p>
      )}
    </section>
  );
}
