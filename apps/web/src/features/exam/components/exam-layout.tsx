import type { CSSProperties, ReactNode } from 'react';
import type { ExamDisplay } from '../utils/exam-display';

export interface ExamLayoutProps {
  /** The candidate's text size and theme, set on the whole screen (its dialogs too). */
  display: ExamDisplay;
  header: ReactNode;
  /** The section tabs, when the test has sections. */
  tabs?: ReactNode;
  /** The palette's panel, beside the question. */
  side: ReactNode;
  /** The action bar at the foot. */
  actions: ReactNode;
  /** The dialogs (help, submit), last in the page. */
  dialogs: ReactNode;
  /** The notices and the question. */
  children: ReactNode;
}

/**
 * The exam screen's frame, filling the window: header, section tabs, the question beside the palette,
 * the action bar, then the dialogs; in the candidate's text size (`--type-scale`, read by the
 * `scaled-text-*` sizes) and, when chosen, the high-contrast theme (`hc:` styles).
 */
export function ExamLayout({ display, header, tabs, side, actions, dialogs, children }: ExamLayoutProps) {
  return (
    <div
      data-contrast={display.highContrast ? 'high' : undefined}
      style={{ '--type-scale': display.textSize / 100 } as CSSProperties}
      className="flex h-dvh flex-col bg-slate-50 dark:bg-slate-950 hc:bg-black hc:text-white hc:scheme-dark"
    >
      {header}
      {tabs}
      <div className="flex min-h-0 flex-1">
        <div className="min-w-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6">
          <div className="mx-auto flex max-w-3xl flex-col gap-4">{children}</div>
        </div>
        {side}
      </div>
      {actions}
      {dialogs}
    </div>
  );
}
