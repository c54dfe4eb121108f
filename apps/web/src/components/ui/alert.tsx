import type { ReactNode } from 'react';
import { cx } from './cx';

export type AlertTone = 'info' | 'warning' | 'error' | 'success';

const tones: Record<AlertTone, string> = {
  info: 'border-indigo-300 bg-indigo-50 text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-100 hc:border-white',
  warning: 'border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100 hc:border-yellow-300',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100 hc:border-yellow-300',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100 hc:border-white',
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** "alert" for errors that must interrupt, "status" for polite notices; omit for static text. */
  role?: 'alert' | 'status';
  className?: string;
}

/** A coloured banner with an optional title. */
export function Alert({ tone = 'info', title, children, role, className }: AlertProps) {
  return (
    <div role={role} className={cx('rounded-xl border px-4 py-3 text-sm leading-6 hc:border-2 hc:bg-black hc:text-white', tones[tone], className)}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
    </div>
  );
}
