import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { AdminNav } from './admin-nav';

/** The top of an editor or admin page: the section tabs, heading, intro, and its actions beside them. */
export function SectionHeader({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-5">
      <AdminNav />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
          <p className="text-slate-600 dark:text-slate-400">{intro}</p>
        </div>
        {children}
      </div>
    </header>
  );
}

/** The top of the editor's list pages, with the "New…" button. */
export function ListPageHeader({ title, intro, newPath, newLabel }: { title: string; intro: string; newPath: string; newLabel: string }) {
  return (
    <SectionHeader title={title} intro={intro}>
      <ButtonLink to={newPath}>
        <span aria-hidden="true">+</span>
        {newLabel}
      </ButtonLink>
    </SectionHeader>
  );
}
