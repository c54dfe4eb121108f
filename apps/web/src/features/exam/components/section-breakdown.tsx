import type { AttemptResult } from '@abhyas/contracts';
import { useId, type ReactNode } from 'react';
import { t } from '@/i18n/i18n';
import { formatDuration, formatMarks } from '@/lib/format';
import { cutOffGap, cutOffStanding } from '../utils/cut-off';

type Section = AttemptResult['sections'][number];

type Layout = 'table' | 'cards';

interface Column {
  key: string;
  label: string;
  value: (section: Section, layout: Layout) => ReactNode;
}

/**
 * The section's cut-off with where the score stands against it ("you are 2 marks above"), said in
 * full; the table shows it short ("2 above") to keep its columns narrow. A dash when there is none.
 */
function CutOffValue({ section, layout }: { section: Section; layout: Layout }) {
  if (section.cutOff === null) return '—';
  const standing = cutOffStanding(section.score, section.cutOff);
  const note = 'block text-xs font-normal text-slate-600 dark:text-slate-400';
  return (
    <>
      {formatMarks(section.cutOff)}
      <span className="sr-only">, </span>
      {layout === 'cards' ? (
        <span className={note}>{standing}</span>
      ) : (
        <>
          <span aria-hidden="true" className={note}>
            {cutOffGap(section.score, section.cutOff)}
          </span>
          <span className="sr-only">{standing}</span>
        </>
      )}
    </>
  );
}

/** The figures of a reached section, in order: the score beside the topper's, the average and the cut-off when the result has them. */
function columnsFor(sections: readonly Section[]): Column[] {
  const compared = sections.some((s) => s.comparison !== null);
  const cutOffs = sections.some((s) => s.cutOff !== null);
  return [
    { key: 'score', label: t('exam.result.col.score'), value: (s) => `${formatMarks(s.score)} / ${formatMarks(s.maxScore)}` },
    ...(compared
      ? [
          { key: 'topper', label: t('exam.result.topper'), value: (s: Section) => (s.comparison ? formatMarks(s.comparison.topper) : '—') },
          { key: 'average', label: t('exam.result.average'), value: (s: Section) => (s.comparison ? formatMarks(s.comparison.average) : '—') },
        ]
      : []),
    ...(cutOffs ? [{ key: 'cutOff', label: t('exam.result.col.cutOff'), value: (s: Section, layout: Layout) => <CutOffValue section={s} layout={layout} /> }] : []),
    { key: 'correct', label: t('exam.result.correct'), value: (s) => s.correct },
    { key: 'wrong', label: t('exam.result.wrong'), value: (s) => s.wrong },
    { key: 'unattempted', label: t('exam.result.unattempted'), value: (s) => s.unattempted },
    { key: 'accuracy', label: t('exam.result.accuracy'), value: (s) => (s.accuracy === null ? '—' : `${formatMarks(s.accuracy)}%`) },
    { key: 'time', label: t('exam.result.time'), value: (s) => formatDuration(s.timeSpentSeconds) },
  ];
}

const notReached = (s: Section) => t('exam.result.sectionNotReached', { questions: s.unattempted });

/** From `lg` up (its columns need the page's full width): one row per section, a column per figure. */
function SectionTable({ sections, columns }: { sections: readonly Section[]; columns: readonly Column[] }) {
  const captionId = useId();
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="hidden overflow-x-auto lg:block">
      <table className="w-full border-collapse text-sm">
        <caption id={captionId} className="sr-only">
          {t('exam.result.sectionsCaption')}
        </caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            <th scope="col" className="py-2 pr-2 text-left font-semibold">
              {t('exam.intro.col.section')}
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-2 py-2 text-right align-bottom font-semibold">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sections.map((s) => (
            <tr key={s.sectionId} className="border-b border-slate-200 align-top dark:border-slate-800">
              <th scope="row" className="py-2 pr-2 text-left font-medium break-words">
                {s.title}
              </th>
              {s.reached ? (
                columns.map((c) => (
                  <td key={c.key} className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                    {c.value(s, 'table')}
                  </td>
                ))
              ) : (
                <td colSpan={columns.length} className="px-2 py-2 text-left text-slate-600 dark:text-slate-400">
                  {notReached(s)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below `lg`: a card per section with the same figures, named one by one. */
function SectionCards({ sections, columns }: { sections: readonly Section[]; columns: readonly Column[] }) {
  return (
    <ul className="flex flex-col gap-3 lg:hidden">
      {sections.map((s) => (
        <li key={s.sectionId} className="rounded-xl border border-slate-200 px-3 py-3 dark:border-slate-800">
          <h3 className="font-semibold break-words">
            {s.title}
          </h3>
          {s.reached ? (
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 min-[400px]:grid-cols-3 sm:grid-cols-4 md:grid-cols-5">
              {columns.map((c) => (
                <div key={c.key} className="min-w-0">
                  <dt className="text-sm text-slate-600 dark:text-slate-400">{c.label}</dt>
                  <dd className="font-semibold tabular-nums">{c.value(s, 'cards')}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{notReached(s)}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Each section's figures: the score beside the ranked candidates' top and average section scores and
 * the section's cut-off when the result has them, then the counts, accuracy and time. A table from
 * `lg` up; below, a card per section, so nothing scrolls sideways or is cut off on a phone.
 */
export function SectionBreakdown({ sections }: { sections: readonly Section[] }) {
  const columns = columnsFor(sections);
  return (
    <>
      <SectionTable sections={sections} columns={columns} />
      <SectionCards sections={sections} columns={columns} />
    </>
  );
}
