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
 * on Escape. While it is open the exam screen's shortcuts are off.
 */
export function ExamDialog({ open, title, onClose, children, actions }: ExamDialogProps) {
  const titleId = useId();

  return (
    <ModalDialog open={open} labelledBy={titleId} onCancel={onClose}>
      {open && (
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-bold text-balance">
            {title}
          </h2>
          {children}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
        </div>
      )}
    </ModalDialog>
  );
}
