import type { HTMLAttributes } from 'react';
import { cx } from './cx';

export type CardProps = HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' };

/** A bordered surface grouping related content; `as="section"` when it has its own heading. */
export function Card({ as: Element = 'div', className, ...props }: CardProps) {
  return (
    <Element
      className={cx(
        'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
      {...props}
    />
  );
}
