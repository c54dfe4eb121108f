import { useEffect, useRef, type KeyboardEvent } from 'react';

/**
 * A panel a button opens under it (the phone menu, the exam screen's display controls): a tap
 * outside `rootRef` closes it, and so does Escape, which gives focus back to `buttonRef`. Put
 * `onKeyDown` on the element holding both.
 */
export function usePopover(open: boolean, close: () => void) {
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      close();
      buttonRef.current?.focus();
    }
  };
  return { rootRef, buttonRef, onKeyDown };
}
