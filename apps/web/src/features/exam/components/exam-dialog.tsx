import { useId, type ReactNode } from 'react';
import { useModalDialog } from '@/components/ui/use-modal-dialog';

export interface ExamDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons at the bottom. */
  actions: ReactNode;
}

/**
 * A modal on the native `<dialog>`: the browser traps focus, makes the screen behind inert and closes
 * on Escape. While it is open the exam screen's shortcuts are off.
 */
export function ExamDialog({ open, title, onClose, children, actions }: ExamDialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-bold text-balance">
            {title}
          </h2>
          {children}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
        </div>
      )}
    </dialog>
  );
}
