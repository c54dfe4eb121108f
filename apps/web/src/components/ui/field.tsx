import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export interface FieldBaseProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Classes for text inputs and selects: 44 px tall, a 3:1 border, red when invalid. */
export function controlClasses(invalid: boolean, className?: string): string {
  return cx(
    'block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500',
    'dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400',
    // `[readonly]`, not `:read-only`: the pseudo-class also matches every <select>.
    '[&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-700 dark:[&[readonly]]:bg-slate-800 dark:[&[readonly]]:text-slate-300',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-500',
    className,
  );
}

/**
 * Label, control, hint and error wired together: the label names the control, and the hint and
 * error describe it, so screen readers announce all three.
 */
export function Field({
  label,
  hint,
  error,
  id,
  children,
}: FieldBaseProps & { id?: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={controlId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
