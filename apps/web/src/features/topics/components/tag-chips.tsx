import { useId, useState } from 'react';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';

/** Chips shown before "More tags" on wider screens; phones scroll one row of all of them. */
const FIRST_TAGS = 12;

/**
 * Toggle buttons for the tags found in the results; a pressed chip filters by that tag. While the
 * first results load (`loading`), an empty row of a chip's height holds their place, so the results
 * below do not jump down when the chips arrive.
 */
export function TagChips({ tags, selected, loading = false, onToggle }: { tags: readonly string[]; selected: readonly string[]; loading?: boolean; onToggle: (tag: string) => void }) {
  const labelId = useId();
  const [expanded, setExpanded] = useState(false);
  if (tags.length === 0 && loading) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-2">
        <span className="text-sm font-semibold text-slate-800 dark:text-slate-200">{t('topics.tags.label')}</span>
        <div className="min-h-11 pb-1 sm:pb-0" />
      </div>
    );
  }
  if (tags.length === 0) return null;
  const hidden = tags.length - FIRST_TAGS;

  return (
    <div role="group" aria-labelledby={labelId} className="flex min-w-0 flex-col gap-2">
      <span id={labelId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {t('topics.tags.label')}
      </span>
      {/* One row that scrolls sideways on phones, so the results stay near the top; wrapping from `sm`. */}
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
        {tags.map((tag, index) => {
          const pressed = selected.includes(tag);
          return (
            <button
              key={tag}
              type="button"
              aria-pressed={pressed}
              onClick={() => onToggle(tag)}
              className={cx(
                'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
                pressed
                  ? 'border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700 dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950'
                  : 'border-slate-400 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
                !expanded && !pressed && index >= FIRST_TAGS && 'sm:hidden',
              )}
            >
              {pressed && <span aria-hidden="true">✓</span>}
              {tag}
            </button>
          );
        })}
        {hidden > 0 && (
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
            className="hidden min-h-11 items-center rounded-full px-3 text-sm font-semibold text-indigo-700 underline underline-offset-4 hover:bg-slate-100 sm:inline-flex dark:text-indigo-300 dark:hover:bg-slate-800"
          >
            {expanded ? t('topics.tags.fewer') : t('topics.tags.more', { count: hidden })}
          </button>
        )}
      </div>
    </div>
  );
}
