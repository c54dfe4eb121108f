import type { ReactNode } from 'react';

/** A fieldset whose legend reads as a section heading; fields sit in two columns on wider screens. */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-4 text-base font-bold text-slate-900 dark:text-white">{legend}</legend>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
