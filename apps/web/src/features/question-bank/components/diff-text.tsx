import { Fragment } from 'react';
import { t } from '@/i18n/i18n';
import type { DiffPart } from '../utils/version-diff';

// Struck through or underlined as well as coloured, so a change shows without colour; screen readers hear it named.
const insClasses = 'rounded-sm bg-emerald-100 text-emerald-950 underline decoration-2 underline-offset-2 dark:bg-emerald-950 dark:text-emerald-100';
const delClasses = 'rounded-sm bg-rose-100 text-rose-950 line-through decoration-2 dark:bg-rose-950 dark:text-rose-100';

/** One side of a comparison: the text, with what only this side has marked; `empty` when there is no text. */
export function DiffText({ parts, empty }: { parts: readonly DiffPart[]; empty?: string }) {
  if (parts.length === 0) return empty ? <span className="text-slate-500 italic dark:text-slate-400">{empty}</span> : null;
  return (
    <>
      {parts.map((part, i) => {
        if (part.change === 'same') return <Fragment key={i}>{part.text}</Fragment>;
        const added = part.change === 'added';
        return (
          <Fragment key={i}>
            <span className="sr-only">{`${t(added ? 'questions.versions.addedMark' : 'questions.versions.removedMark')} `}</span>
            {added ? <ins className={insClasses}>{part.text}</ins> : <del className={delClasses}>{part.text}</del>}
          </Fragment>
        );
      })}
    </>
  );
}
