import { useId, type ReactNode } from 'react';

/** A checkbox with its label beside it and an optional hint below, at a 44 px target. */
export function CheckboxField({ label, hint, checked, onChange, name }: { label: ReactNode; hint?: ReactNode; checked: boolean; onChange: (checked: boolean) => void; name?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-slate-800 dark:text-slate-200">
        <input id={id} name={name} type="checkbox" className="size-5 shrink-0 accent-indigo-600" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="pl-8 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A message about part of the form that has no single control (a section's question list, the sections as a whole). */
export function FieldMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p data-field-error tabIndex={-1} className="text-sm font-medium text-red-700 outline-none focus-visible:ring-2 focus-visible:ring-red-600 dark:text-red-400">
      {message}
    </p>
  );
}
