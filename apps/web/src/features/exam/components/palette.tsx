import type { AttemptQuestion, PaletteState } from '@abhyas/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PaletteLegend } from '@/components/exam/palette-legend';
import { PaletteMark } from '@/components/exam/palette-mark';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';

/** Columns of the grid: the arrow keys move by one across and by this many down. */
export const PALETTE_COLUMNS = 5;

export interface PaletteProps {
  /** The questions of the section on screen. */
  questions: readonly AttemptQuestion[];
  title: string;
  currentId: string;
  stateOf: (questionId: string) => PaletteState;
  onDevice: (questionId: string) => boolean;
  counts: Record<PaletteState, number>;
  onPick: (questionId: string) => void;
  /** Asks the grid to put focus on the current question (the palette key, or the drawer opening). */
  focusRequest: number;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/**
 * The question palette: a labelled grid of the section's questions, each with its state's shape and
 * number, named in words for screen readers ("Question 5, answered"), with a mark on those saved on
 * this device and not yet on the server. One cell is in the tab order; the arrow keys, Home and End
 * move between cells; Enter or Space opens the question. Counts per state sit above it.
 */
export function Palette({ questions, title, currentId, stateOf, onDevice, counts, onPick, focusRequest }: PaletteProps) {
  const currentIndex = Math.max(0, questions.findIndex((q) => q.questionId === currentId));
  const [active, setActive] = useState(currentIndex);
  const cells = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.min(active, questions.length - 1);

  // The roving focus follows the question on screen.
  const [followed, setFollowed] = useState(currentIndex);
  if (followed !== currentIndex) {
    setFollowed(currentIndex);
    setActive(currentIndex);
  }

  useEffect(() => {
    if (focusRequest > 0) cells.current[currentIndex]?.focus();
    // Only a new request moves focus, not a change of question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const move = (to: number) => {
    const index = Math.max(0, Math.min(questions.length - 1, to));
    setActive(index);
    cells.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: activeIndex + 1,
      ArrowLeft: activeIndex - 1,
      ArrowDown: activeIndex + PALETTE_COLUMNS,
      ArrowUp: activeIndex - PALETTE_COLUMNS,
      Home: 0,
      End: questions.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    move(to);
  };

  return (
    <div className="flex flex-col gap-4">
      <PaletteLegend counts={counts} className="sm:grid-cols-1" />
      <p className="-mt-2 flex items-center gap-2 text-sm">
        <span aria-hidden="true" className="ml-1.5 grid size-5 place-items-center rounded-full bg-amber-400 text-[0.6rem] font-black text-slate-900">
          ↑
        </span>
        <span className="ml-1.5">{t('exam.palette.onDeviceLegend')}</span>
      </p>
      <div role="grid" aria-label={t('exam.palette.label', { section: title })} onKeyDown={onKeyDown} className="flex flex-col gap-2">
        {chunk(questions, PALETTE_COLUMNS).map((row, r) => (
          <div role="row" key={r} className="grid grid-cols-5 gap-2">
            {row.map((q, c) => {
              const index = r * PALETTE_COLUMNS + c;
              const state = stateOf(q.questionId);
              const queued = onDevice(q.questionId);
              const current = q.questionId === currentId;
              const label = [t('exam.palette.cell', { number: q.number }), t(`exam.state.${state}`), queued ? t('exam.palette.onDevice') : null, current ? t('exam.palette.current') : null]
                .filter(Boolean)
                .join(', ');
              return (
                <div role="gridcell" key={q.questionId} aria-selected={current}>
                  <button
                    type="button"
                    ref={(el) => {
                      cells.current[index] = el;
                    }}
                    tabIndex={index === activeIndex ? 0 : -1}
                    aria-label={label}
                    aria-current={current ? 'true' : undefined}
                    data-state={state}
                    data-on-device={queued || undefined}
                    onClick={() => {
                      setActive(index);
                      onPick(q.questionId);
                    }}
                    className={cx('relative grid size-12 place-items-center rounded-lg', current && 'ring-3 ring-indigo-500 ring-offset-2 dark:ring-offset-slate-900 hc:ring-yellow-300 hc:ring-offset-black')}
                  >
                    <PaletteMark state={state} number={q.number} scaled />
                    {queued && (
                      <span aria-hidden="true" title={t('exam.palette.onDevice')} className="absolute -top-1 -left-1 grid size-5 place-items-center rounded-full border-2 border-white bg-amber-400 text-[0.6rem] font-black text-slate-900 dark:border-slate-900 hc:border-black">
                        ↑
                      </span>
                    )}
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
