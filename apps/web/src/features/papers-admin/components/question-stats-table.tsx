import { Fragment, useId, useMemo, useState } from 'react';
import { cx } from '@/components/ui/cx';
import { TextLink } from '@/components/ui/text-link';
import { t, type MessageKey } from '@/i18n/i18n';
import { DEFAULT_SORT, nextSort, percent, sortRows, type QuestionRow, type Sort, type SortKey } from '../utils/item-stats-view';
import { ItemFlags } from './item-flags';
import { OptionDistribution } from './option-distribution';
import { ChevronIcon, SortIcon } from './stats-icons';

const FIGURES: { key: SortKey; label: MessageKey }[] = [
  { key: 'facilityIndex', label: 'testEditor.stats.col.facility' },
  { key: 'standardDeviation', label: 'testEditor.stats.col.sd' },
  { key: 'discriminationIndex', label: 'testEditor.stats.col.discrimination' },
  { key: 'discriminativeEfficiency', label: 'testEditor.stats.col.efficiency' },
];

const headCell = 'px-3 py-2 font-semibold whitespace-nowrap';
const numberCell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

/** A column heading that sorts the table; the column in force says which way (aria-sort). */
function SortableHeading({ column, label, sort, onSort, align = 'right' }: { column: SortKey; label: MessageKey; sort: Sort; onSort: (key: SortKey) => void; align?: 'left' | 'right' }) {
  const active = sort.key === column;
  return (
    <th scope="col" aria-sort={active ? sort.direction : 'none'} className={cx(headCell, align === 'right' && 'text-right')}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cx('inline-flex min-h-9 items-center gap-1 rounded px-1 hover:bg-slate-200 dark:hover:bg-slate-800', active && 'text-indigo-800 dark:text-indigo-300')}
      >
        {t(label)}
        <SortIcon direction={active ? sort.direction : null} />
      </button>
    </th>
  );
}

/** A figure of the table, or a dash read as "not available". */
function FigureCell({ value }: { value: string | null }) {
  return (
    <td className={numberCell}>
      {value ?? (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('testEditor.stats.notAvailable')}</span>
        </>
      )}
    </td>
  );
}

/**
 * Every question's figures, sortable by each, in a container that scrolls sideways on its own so
 * the page never does. A row opens to show how often each option was chosen.
 */
export function QuestionStatsTable({ rows }: { rows: QuestionRow[] }) {
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const regionId = useId();
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));

  return (
    <div
      role="region"
      aria-labelledby={`${regionId}-caption`}
      tabIndex={0}
      className="@container relative overflow-x-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-800 dark:bg-slate-900"
    >
      <table className="w-full min-w-[50rem] border-collapse text-left text-sm">
        <caption id={`${regionId}-caption`} className="sr-only">
          {t('testEditor.stats.questions.caption')}
        </caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-950 dark:text-slate-300">
          <tr className="border-b border-slate-300 dark:border-slate-700">
            <SortableHeading column="number" label="testEditor.stats.col.number" sort={sort} onSort={onSort} align="left" />
            <th scope="col" className={headCell}>
              {t('testEditor.stats.col.question')}
            </th>
            {FIGURES.map((f) => (
              <SortableHeading key={f.key} column={f.key} label={f.label} sort={sort} onSort={onSort} />
            ))}
            <SortableHeading column="flags" label="testEditor.stats.col.flags" sort={sort} onSort={onSort} align="left" />
            <th scope="col" className={headCell}>
              <span className="sr-only">{t('testEditor.stats.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => {
            const expanded = open.has(row.questionId);
            const detailsId = `${regionId}-${row.questionId}`;
            return (
              <Fragment key={row.questionId}>
                <tr className={cx('border-b border-slate-200 align-top dark:border-slate-800', expanded && 'bg-indigo-50/60 dark:bg-indigo-950/30')}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold">
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={expanded ? detailsId : undefined}
                      aria-label={t('testEditor.stats.showOptions', { number: row.number })}
                      onClick={() => toggle(row.questionId)}
                      className="inline-flex min-h-9 items-center gap-1 rounded px-1 tabular-nums hover:bg-slate-200 dark:hover:bg-slate-800"
                    >
                      <ChevronIcon open={expanded} />
                      {row.number}
                    </button>
                  </th>
                  <td className="max-w-[18rem] px-3 py-2">
                    <span className="line-clamp-2 text-slate-900 dark:text-slate-100">{row.label || t('testEditor.stats.untitled')}</span>
                    <span className="text-xs text-slate-600 dark:text-slate-400">{t('testEditor.stats.questionAttempts', { count: row.attempts })}</span>
                  </td>
                  <FigureCell value={percent(row.facilityIndex)} />
                  <FigureCell value={percent(row.standardDeviation)} />
                  <FigureCell value={percent(row.discriminationIndex)} />
                  <FigureCell value={percent(row.discriminativeEfficiency)} />
                  <td className="px-3 py-2">
                    <ItemFlags question={row} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <TextLink to={`/admin/questions/${encodeURIComponent(row.questionId)}/edit`} aria-label={t('testEditor.stats.editQuestionFull', { number: row.number })}>
                      {t('testEditor.stats.editQuestion')}
                    </TextLink>
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailsId} className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
                    <td colSpan={8} className="p-0">
                      {/* As wide as the visible part of the table and held at its left edge, so a phone shows it whole. */}
                      <div className="sticky left-0 w-[100cqw] max-w-full px-3 py-3 sm:px-4">
                        <OptionDistribution question={row} />
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
