import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'indigo' | 'slate' | 'green' | 'amber' | 'red';

const tones: Record<BadgeTone, string> = {
  indigo: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  slate: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  red: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
};

/** A small pill label; the tone adds meaning the text already carries, never replaces it. */
export function Badge({ children, tone = 'indigo', className }: { children: ReactNode; tone?: BadgeTone; className?: string }) {
  return (
    <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone], className)}>
      {children}
    </span>
  );
}
