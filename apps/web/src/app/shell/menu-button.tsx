import { useCallback, useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { t } from '@/i18n/i18n';
import { usePopover } from '@/lib/use-popover';

/**
 * The phone menu: a button that shows the section links in a panel under the header. It closes
 * on a link (the page changes), on Escape (focus returns to the button) and on a tap elsewhere.
 * `indicator` marks the button when something inside wants attention.
 */
export function MenuButton({ children, className, indicator }: { children: ReactNode; className?: string; indicator?: ReactNode }) {
  const panelId = useId();
  const { key } = useLocation();
  // Open for the page it was opened on only, so following a link closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const { rootRef, buttonRef, onKeyDown } = usePopover(open, useCallback(() => setOpenOn(null), []));

  return (
    <div ref={rootRef} className={className} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : key)}
        className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <span className="sr-only">{t('nav.menu')}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="size-6">
          {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
        {indicator}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-2.5 py-2 shadow-lg dark:border-slate-800 dark:bg-slate-950"
      >
        <div className="flex flex-col gap-1">{children}</div>
      </div>
    </div>
  );
}
