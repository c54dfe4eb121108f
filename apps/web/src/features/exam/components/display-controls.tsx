import { useCallback, useId, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { usePopover } from '@/lib/use-popover';
import { stepTextSize, TEXT_SIZES, type ExamDisplay, type TextSize } from '../utils/exam-display';

export interface DisplayControlsProps {
  display: ExamDisplay;
  onChange: (display: ExamDisplay) => void;
}

const toolClass = 'min-w-11';
/** A pressed button (the standard size, high contrast on) is filled, unlike a focus ring or a hover. */
const pressedClass =
  'aria-pressed:border-slate-800 aria-pressed:bg-slate-800 aria-pressed:text-white dark:aria-pressed:border-slate-200 dark:aria-pressed:bg-slate-200 dark:aria-pressed:text-slate-900 hc:aria-pressed:border-yellow-300 hc:aria-pressed:bg-yellow-300 hc:aria-pressed:text-black';

/** The half-filled circle drawn for the contrast toggle. */
function ContrastIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
    </svg>
  );
}

/**
 * The exam screen's display controls: text size (A− smaller, A standard, A+ larger; each new size
 * said to screen readers) and the high-contrast theme. In the header's row from `sm` up; on a phone
 * behind one "Aa" button, a panel under it that Escape or a tap elsewhere closes.
 */
export function DisplayControls({ display, onChange }: DisplayControlsProps) {
  const panelId = useId();
  const labelId = useId();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const { rootRef, buttonRef, onKeyDown } = usePopover(open, useCallback(() => setOpen(false), []));

  const size = (textSize: TextSize) => {
    if (textSize === display.textSize) return;
    onChange({ ...display, textSize });
    setAnnouncement(t('exam.display.sizeNow', { size: textSize }));
  };
  const smallest = display.textSize === TEXT_SIZES[0];
  const largest = display.textSize === TEXT_SIZES[TEXT_SIZES.length - 1];

  return (
    <div ref={rootRef} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('exam.display.open')}
        onClick={() => setOpen(!open)}
        className={buttonClasses({ variant: 'secondary', className: cx(toolClass, 'sm:hidden') })}
      >
        <span aria-hidden="true">{t('exam.display.openMark')}</span>
      </button>
      <div
        id={panelId}
        className={cx(
          open ? 'absolute top-full left-0 z-40 mt-2 flex w-64 flex-col gap-3 rounded-xl border border-slate-300 bg-white p-3 shadow-lg' : 'hidden',
          'dark:border-slate-700 dark:bg-slate-900 hc:border-white hc:bg-black',
          'sm:static sm:mt-0 sm:flex sm:w-auto sm:flex-row sm:items-center sm:gap-1 sm:rounded-none sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none sm:dark:bg-transparent',
        )}
      >
        <div role="group" aria-labelledby={labelId} className="flex flex-col gap-1 sm:flex-row sm:items-center">
          <span id={labelId} className="text-sm font-semibold sm:sr-only">
            {t('exam.display.textSize')}
          </span>
          <div className="flex gap-1">
            <button
              type="button"
              title={t('exam.display.smaller')}
              aria-disabled={smallest}
              onClick={() => size(stepTextSize(display.textSize, -1))}
              className={buttonClasses({ variant: 'secondary', className: cx(toolClass, smallest && 'opacity-60') })}
            >
              {/* The mark shown is part of the name, so a voice command naming it finds the button. */}
              <span className="text-sm">{t('exam.display.smallerMark')}</span>
              <span className="sr-only"> {t('exam.display.smaller')}</span>
            </button>
            <button
              type="button"
              title={t('exam.display.standard')}
              aria-pressed={display.textSize === TEXT_SIZES[0]}
              onClick={() => size(TEXT_SIZES[0])}
              className={buttonClasses({ variant: 'secondary', className: cx(toolClass, pressedClass) })}
            >
              <span>{t('exam.display.standardMark')}</span>
              <span className="sr-only"> {t('exam.display.standard')}</span>
            </button>
            <button
              type="button"
              title={t('exam.display.larger')}
              aria-disabled={largest}
              onClick={() => size(stepTextSize(display.textSize, 1))}
              className={buttonClasses({ variant: 'secondary', className: cx(toolClass, largest && 'opacity-60') })}
            >
              {/* The mark shown is part of the name, so a voice command naming it finds the button. */}
              <span className="text-xl">{t('exam.display.largerMark')}</span>
              <span className="sr-only"> {t('exam.display.larger')}</span>
            </button>
          </div>
        </div>
        <button
          type="button"
          aria-pressed={display.highContrast}
          onClick={() => onChange({ ...display, highContrast: !display.highContrast })}
          className={buttonClasses({ variant: 'secondary', className: cx('justify-start sm:ml-1', pressedClass) })}
        >
          <ContrastIcon />
          {/* Between `sm` and `lg` the header's row also holds the palette's button and Submit: the icon alone there. */}
          <span className="sm:max-lg:sr-only">{t('exam.display.contrast')}</span>
        </button>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
