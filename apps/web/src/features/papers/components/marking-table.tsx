import type { TestDetail } from '@abhyas/contracts';
import { useId } from 'react';
import { t } from '@/i18n/i18n';
import { formatMarks } from '@/lib/format';

/**
 * Per section: questions, marks for a right answer, marks lost for a wrong one and the time limit; in a
 * test offered in two languages, a section set in one of them alone says so.
 */
export function MarkingTable({ test }: { test: TestDetail }) {
  const timed = test.sections.some((s) => s.timeLimitMinutes !== null);
  const bilingual = test.languages.length > 1;
  const captionId = useId();
  // Focusable, so keyboard users can scroll the table sideways on a phone.
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[18rem] border-collapse text-left text-sm">
        <caption id={captionId} className="sr-only">{t('exam.intro.markingCaption')}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            <th scope="col" className="py-2 pr-3 font-semibold">{t('exam.intro.col.section')}</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">{t('exam.intro.col.questions')}</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">{t('exam.intro.col.right')}</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">{t('exam.intro.col.wrong')}</th>
            {timed && <th scope="col" className="py-2 pl-3 text-right font-semibold">{t('exam.intro.col.time')}</th>}
          </tr>
        </thead>
        <tbody>
          {test.sections.map((section, index) => (
            <tr key={section.id} className="border-b border-slate-200 dark:border-slate-800">
              <th scope="row" className="py-2 pr-3 font-medium">
                {timed && <span className="text-slate-600 dark:text-slate-400">{index + 1}. </span>}
                {section.title}
                {bilingual && section.language && <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{t(`exam.intro.sectionLanguage.${section.language}`)}</span>}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{section.questionCount}</td>
              <td className="px-3 py-2 text-right tabular-nums">+{formatMarks(section.marks)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{section.negativeMarks > 0 ? `−${formatMarks(section.negativeMarks)}` : '0'}</td>
              {timed && <td className="py-2 pl-3 text-right tabular-nums">{t('exam.list.minutes', { count: section.timeLimitMinutes ?? 0 })}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
