import { useEffect, useRef } from 'react';

/**
 * Opens a native `<dialog>` as a modal while `open` is true and closes it when it turns false: the
 * browser then traps focus, makes what is behind inert and reports Escape as a cancel.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
