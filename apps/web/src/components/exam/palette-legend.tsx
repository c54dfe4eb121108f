import { PALETTE_STATES, type PaletteState } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';
import { cx } from '../ui/cx';
import { PaletteMark } from './palette-mark';

/** The five palette states with their shapes and names; with `counts`, how many questions are in each. */
export function PaletteLegend({ counts, className }: { counts?: Record<PaletteState, number>; className?: string }) {
  return (
    <ul className={cx('grid grid-cols-1 gap-2 text-sm sm:grid-cols-2', className)}>
      {PALETTE_STATES.map((state) => (
        <li key={state} className="flex items-center gap-2">
          <PaletteMark state={state} number={counts ? counts[state] : undefined} className="size-8" />
          <span>{t(`exam.state.${state}`)}</span>
          {counts && <span className="sr-only">{counts[state] === 1 ? t('exam.legend.countOne') : t('exam.legend.count', { count: counts[state] })}</span>}
        </li>
      ))}
    </ul>
  );
}
