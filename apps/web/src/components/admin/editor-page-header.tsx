import type { ReactNode } from 'react';
import { TextLink } from '@/components/ui/text-link';

/** The top of an editing page: a way back to the list, the heading, and actions beside it. */
export function EditorPageHeader({ backTo, backLabel, title, children }: { backTo: string; backLabel: string; title: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-3">
      <TextLink to={backTo} className="self-start">
        <span aria-hidden="true">← </span>
        {backLabel}
      </TextLink>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
      </div>
    </header>
  );
}
