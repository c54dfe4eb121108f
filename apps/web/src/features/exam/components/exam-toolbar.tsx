import type { Ref } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import type { ExamDisplay } from '../utils/exam-display';
import { DisplayControls } from './display-controls';

export interface ExamToolbarProps {
  display: ExamDisplay;
  onDisplayChange: (display: ExamDisplay) => void;
  onHelp: () => void;
  paletteOpen: boolean;
  paletteId: string;
  paletteButtonRef: Ref<HTMLButtonElement>;
  onTogglePalette: () => void;
  submitDisabled: boolean;
  onSubmit: () => void;
}

/**
 * The header's buttons: text size and contrast, Help, and below `lg` (where the palette is a drawer)
 * the palette's button and Submit, so the test can be submitted without opening the drawer.
 */
export function ExamToolbar({ display, onDisplayChange, onHelp, paletteOpen, paletteId, paletteButtonRef, onTogglePalette, submitDisabled, onSubmit }: ExamToolbarProps) {
  return (
    <div className="flex basis-full items-center gap-1 lg:basis-auto">
      <DisplayControls display={display} onChange={onDisplayChange} />
      <Button variant="ghost" className="px-3" aria-label={t('exam.help.open')} aria-keyshortcuts="?" onClick={onHelp}>
        ?
      </Button>
      <button
        type="button"
        ref={paletteButtonRef}
        className={buttonClasses({ variant: 'secondary', className: 'ml-auto px-3 lg:hidden' })}
        aria-expanded={paletteOpen}
        aria-controls={paletteId}
        aria-keyshortcuts="Q"
        onClick={onTogglePalette}
      >
        {t('exam.palette.toggle')}
      </button>
      <Button variant="secondary" className="px-3 lg:hidden" disabled={submitDisabled} onClick={onSubmit}>
        {t('exam.submit.open')}
      </Button>
    </div>
  );
}
