import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import type { SectionGroup } from '../utils/palette';

export interface SectionTabsProps {
  groups: readonly SectionGroup[];
  current: number;
  /** With locked sections, the open one (-1 when all have closed); null when every section is open. */
  openSection: number | null;
  onPick: (index: number) => void;
}

/** The sections across the top; with locked sections only the open one can be chosen, the others say closed or upcoming. */
export function SectionTabs({ groups, current, openSection, onPick }: SectionTabsProps) {
  return (
    <nav aria-label={t('exam.sections.label')} className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 hc:border-white hc:bg-black">
      <ul className="flex scroll-px-2 gap-1 overflow-x-auto px-2 sm:scroll-px-4 sm:px-4">
        {groups.map((group) => {
          const status = openSection === null ? null : group.index === openSection ? 'open' : openSection === -1 || group.index < openSection ? 'closed' : 'upcoming';
          const selected = group.index === current;
          return (
            <li key={group.id ?? group.index} className="shrink-0">
              <button
                type="button"
                aria-current={selected ? 'true' : undefined}
                disabled={status === 'closed' || status === 'upcoming'}
                onClick={() => onPick(group.index)}
                // The row scrolls sideways when the sections do not fit (a phone, a zoomed screen): a tab reached by Tab comes into view.
                onFocus={(event) => event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })}
                className={cx(
                  // The focus ring drawn inside: the row's sideways scrolling would cut one drawn outside.
                  'flex min-h-11 flex-col justify-center border-b-3 px-3 text-left text-sm font-semibold -outline-offset-3 disabled:cursor-not-allowed',
                  selected ? 'border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200 hc:border-yellow-300 hc:text-yellow-300' : 'border-transparent text-slate-700 dark:text-slate-300 hc:text-white',
                  status !== null && status !== 'open' && 'text-slate-500 dark:text-slate-500 hc:text-white',
                )}
              >
                <span>{group.title}</span>
                {status && <span className="text-xs font-normal">{t(`exam.sections.${status}`)}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
