import type { KeyboardEventHandler, ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

export interface ModalDialogProps {
  open: boolean;
  /** The id of the dialog's heading. */
  labelledBy: string;
  /** Escape: the browser's cancel, left to the caller (it may refuse while something runs). */
  onCancel: () => void;
  onKeyDown?: KeyboardEventHandler<HTMLDialogElement>;
  children: ReactNode;
}

/**
 * A modal on the native `<dialog>`, at most the window's height and scrolling within it: the browser
 * traps focus, makes the page behind inert and reports Escape as a cancel.
 */
export function ModalDialog({ open, labelledBy, onCancel, onKeyDown, children }: ModalDialogProps) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={onKeyDown}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 hc:border-white hc:bg-black hc:text-white"
    >
      {children}
    </dialog>
  );
}
