import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';

export interface PalettePanelProps {
  id: string;
  title: string;
  /** Open as a drawer on a phone; on a wide screen the panel is always shown. */
  open: boolean;
  onClose: () => void;
  /** Where focus goes back when Escape closes the drawer. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** The section on screen has closed: its questions are no longer shown. */
  closedNote: string | null;
  submitDisabled: boolean;
  onSubmit: () => void;
  /** The palette itself. */
  children: ReactNode;
}

/** The palette's side panel: a drawer over the page on a phone (Escape or the backdrop closes it), a column on a wide screen, with Submit at its foot. */
export function PalettePanel({ id, title, open, onClose, toggleRef, closedNote, submitDisabled, onSubmit, children }: PalettePanelProps) {
  return (
    <>
      {open && <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-950/50 lg:hidden" onClick={onClose} />}
      <aside
        id={id}
        aria-label={t('exam.palette.title')}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            onClose();
            toggleRef.current?.focus();
          }
        }}
        className={cx(
          'flex-col gap-4 overflow-y-auto border-l border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900 hc:border-white hc:bg-black',
          'lg:static lg:z-auto lg:flex lg:w-80 lg:shadow-none',
          open ? 'fixed inset-y-0 right-0 z-40 flex w-[min(20rem,100vw)] shadow-xl' : 'hidden',
        )}
      >
        <div className="flex items-center justify-between gap-2">
          <h2 className="font-bold">{title}</h2>
          <Button variant="ghost" className="px-3 lg:hidden" onClick={onClose}>
            {t('exam.palette.close')}
          </Button>
        </div>
        {closedNote && (
          <p role="status" className="rounded-md bg-slate-100 p-3 text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200 hc:border hc:border-white hc:bg-black hc:text-white">
            {closedNote}
          </p>
        )}
        {children}
        <Button variant="secondary" className="mt-auto" disabled={submitDisabled} onClick={onSubmit}>
          {t('exam.submit.open')}
        </Button>
      </aside>
    </>
  );
}
