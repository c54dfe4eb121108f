import type { ReactNode } from 'react';

export interface ExamLayoutProps {
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

/** The exam screen's frame, filling the window: header, section tabs, the question beside the palette, the action bar, then the dialogs. */
export function ExamLayout({ header, tabs, side, actions, dialogs, children }: ExamLayoutProps) {
  return (
    <div className="flex h-dvh flex-col bg-slate-50 dark:bg-slate-950">
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
