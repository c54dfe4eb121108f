import type { PaletteState } from '@abhyas/contracts';
import { cx } from '../ui/cx';

/**
 * Each palette state has its own shape as well as its own colour, as on the real computer-based
 * test: a plain square (not visited), a shape pointing down (not answered), a shape pointing up
 * (answered), a circle (marked for review) and a circle with a tick (answered and marked). In the
 * exam screen's high contrast the shapes stay and the colours become white, yellow and black: outlines
 * for the questions without an answer, filled shapes for those answered.
 */
const shapes: Record<PaletteState, { fill: string; text: string }> = {
  notVisited: { fill: 'fill-white stroke-slate-500 dark:fill-slate-900 dark:stroke-slate-400 hc:fill-black hc:stroke-white', text: 'text-slate-900 dark:text-slate-100 hc:text-white' },
  notAnswered: { fill: 'fill-red-700 stroke-red-800 dark:fill-red-600 hc:fill-black hc:stroke-yellow-300', text: 'text-white hc:text-yellow-300' },
  answered: { fill: 'fill-emerald-700 stroke-emerald-800 dark:fill-emerald-600 hc:fill-white hc:stroke-white', text: 'text-white hc:text-black' },
  markedForReview: { fill: 'fill-violet-700 stroke-violet-800 dark:fill-violet-600 hc:fill-black hc:stroke-white', text: 'text-white' },
  answeredMarked: { fill: 'fill-violet-700 stroke-violet-800 dark:fill-violet-600 hc:fill-yellow-300 hc:stroke-yellow-300', text: 'text-white hc:text-black' },
};

function Shape({ state }: { state: PaletteState }) {
  const className = cx(shapes[state].fill, 'stroke-2');
  switch (state) {
    case 'notVisited':
      return <rect x="2" y="2" width="36" height="36" rx="3" className={className} />;
    case 'notAnswered':
      return <polygon points="2,2 38,2 38,25 20,38 2,25" strokeLinejoin="round" className={className} />;
    case 'answered':
      return <polygon points="20,2 38,15 38,38 2,38 2,15" strokeLinejoin="round" className={className} />;
    case 'markedForReview':
      return <circle cx="20" cy="20" r="18" className={className} />;
    case 'answeredMarked':
      return (
        <>
          <circle cx="20" cy="20" r="18" className={className} />
          <circle cx="32" cy="32" r="7.5" className="fill-emerald-600 stroke-white stroke-2 dark:stroke-slate-950 hc:fill-white hc:stroke-black" />
          <path d="M28.5 32l2.5 2.5 4.5-5" fill="none" className="stroke-white hc:stroke-black" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </>
      );
  }
}

/**
 * A palette state's shape with an optional number on it; decorative: the caller gives the words.
 * `scaled`: the number follows the exam screen's text size (the palette's cells). A `className` gives
 * its size (40 px without one).
 */
export function PaletteMark({ state, number, scaled = false, className }: { state: PaletteState; number?: number | string; scaled?: boolean; className?: string }) {
  return (
    <span aria-hidden="true" className={cx('relative inline-grid shrink-0 place-items-center', className ?? 'size-10')}>
      <svg viewBox="0 0 40 40" className="absolute inset-0 size-full overflow-visible">
        <Shape state={state} />
      </svg>
      {number !== undefined && <span className={cx('relative font-bold tabular-nums', scaled ? 'scaled-text-sm' : 'text-sm', shapes[state].text)}>{number}</span>}
    </span>
  );
}
