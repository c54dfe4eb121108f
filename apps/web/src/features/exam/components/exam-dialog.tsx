import { useId, type ReactNode } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';

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
 * on Escape. While it is open the exam screen's shortcuts are off. The buttons stay at its foot while
 * a long one (the submit summary on a small or zoomed screen) scrolls, so it opens at its top.
 */
export function ExamDialog({ open, title, onClose, children, actions }: ExamDialogProps) {
  const titleId = useId();

  return (
    <ModalDialog open={open} labelledBy={titleId} onCancel={onClose}>
      {open && (
        <>
          <div className="flex flex-col gap-4 p-5 pb-4 sm:p-6 sm:pb-4">
            <h2 id={titleId} className="text-lg font-bold text-balance">
              {title}
            </h2>
            {children}
          </div>
          <div className="sticky bottom-0 flex flex-col-reverse gap-3 border-t border-slate-200 bg-white px-5 py-4 sm:flex-row sm:justify-end sm:px-6 dark:border-slate-700 dark:bg-slate-900 hc:border-white hc:bg-black">
            {actions}
          </div>
        </>
      )}
    </ModalDialog>
  );
}
