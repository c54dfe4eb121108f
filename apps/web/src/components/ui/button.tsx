import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonStyle {
  variant?: ButtonVariant;
  block?: boolean;
  className?: string;
}

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 active:bg-indigo-800 shadow-sm hc:bg-yellow-300 hc:text-black hc:shadow-none hc:hover:bg-white',
  secondary:
    'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 hc:border-white hc:bg-black hc:text-white hc:hover:bg-white hc:hover:text-black',
  ghost: 'text-slate-800 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800 hc:text-white hc:hover:bg-white hc:hover:text-black',
  danger:
    'border border-red-700 bg-white text-red-700 hover:bg-red-50 dark:border-red-400 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950 hc:border-yellow-300 hc:bg-black hc:text-yellow-300 hc:hover:bg-yellow-300 hc:hover:text-black',
};

/** Classes shared by buttons and links styled as buttons (44 px minimum tap target); `hc:` is the exam screen's high-contrast theme. */
export function buttonClasses({ variant = 'primary', block = false, className }: ButtonStyle = {}): string {
  return cx(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    block && 'w-full',
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

/** A real `<button>`; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, block, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, block, className })} {...props} />;
}
