import type { QuestionImportReport } from '@abhyas/contracts';
import type { ReactNode } from 'react';
import { formatList, t } from '@/i18n/i18n';
import { formatImportPosition } from '../utils/import-position';
import { markdownToText } from '../utils/markdown-text';

function Count({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="flex flex-col rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900 dark:text-white">{value}</dd>
      {hint && <dd className="text-xs text-slate-600 dark:text-slate-400">{hint}</dd>}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-slate-900 dark:text-white">{title}</h2>
      {children}
    </section>
  );
}

const cell = 'px-3 py-2 align-top';

/** A dry run's (or an import's) report: counts, the questions found, and what was skipped or broken. */
export function ImportReport({ report }: { report: QuestionImportReport }) {
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Count label={report.dryRun ? t('questions.import.wouldImport') : t('questions.import.imported')} value={report.imported} />
        <Count label={t('questions.import.duplicates')} value={report.duplicates} hint={t('questions.import.duplicatesHint')} />
        <Count label={t('questions.import.skipped')} value={report.skipped.length} />
        <Count label={t('questions.import.errors')} value={report.errors.length} />
      </dl>

      {report.errors.length > 0 && (
        <Section title={t('questions.import.errorsTitle')}>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-red-800 dark:text-red-300">
            {report.errors.map((error, i) => (
              <li key={i} className="break-words">
                {[formatImportPosition(error.position), error.message].filter(Boolean).join(' — ')}
              </li>
            ))}
          </ul>
        </Section>
      )}

      {report.skipped.length > 0 && (
        <Section title={t('questions.import.skippedTitle')}>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-slate-800 dark:text-slate-200">
            {report.skipped.map((skip, i) => (
              <li key={i} className="break-words">
                {[formatImportPosition(skip.position), skip.type, skip.reason].filter(Boolean).join(' — ')}
              </li>
            ))}
          </ul>
        </Section>
      )}

      {report.preview.length > 0 && (
        <Section title={t('questions.import.previewTitle')}>
          {/* Focusable, so keyboard users can scroll the table sideways on a phone. */}
          <div role="region" tabIndex={0} aria-label={t('questions.import.previewTitle')} className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
            <table className="w-full min-w-[42rem] text-left text-sm">
              <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                <tr>
                  <th scope="col" className={cell}>{t('questions.import.col.position')}</th>
                  <th scope="col" className={cell}>{t('questions.import.col.type')}</th>
                  <th scope="col" className={cell}>{t('questions.import.col.stem')}</th>
                  <th scope="col" className={cell}>{t('questions.import.col.options')}</th>
                  <th scope="col" className={cell}>{t('questions.import.col.category')}</th>
                  <th scope="col" className={cell}>{t('questions.import.col.languages')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {report.preview.map((row, i) => (
                  <tr key={i}>
                    <td className={`${cell} whitespace-nowrap`}>{formatImportPosition(row.position)}</td>
                    <td className={`${cell} whitespace-nowrap`}>{t(`questions.type.${row.type}`)}</td>
                    <td className={`${cell} break-words`}>{markdownToText(row.stem)}</td>
                    <td className={cell}>{row.options}</td>
                    <td className={`${cell} break-all`}>{row.category ?? '—'}</td>
                    <td className={cell}>{formatList(row.languages.map((language) => t(`questions.language.${language}`)))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      )}
    </div>
  );
}
