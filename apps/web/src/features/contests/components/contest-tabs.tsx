import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '@/components/ui/cx';

export interface Tab<K extends string> {
  key: K;
  label: string;
  count?: number | undefined;
}

/**
 * Tabs as the WAI-ARIA pattern has them: arrow keys, Home and End move between tabs, which are
 * 44 px tall; the panel below is named by its tab.
 */
export function Tabs<K extends string>({ tabs, current, onChange, label, children }: { tabs: Tab<K>[]; current: K; onChange: (key: K) => void; label: string; children: ReactNode }) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (to === null) return;
    event.preventDefault();
    const tab = tabs[to];
    if (!tab) return;
    onChange(tab.key);
    refs.current.get(tab.key)?.focus();
  };
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
        {tabs.map((tab, index) => {
          const selected = tab.key === current;
          return (
            <button
              key={tab.key}
              ref={(node) => {
                if (node) refs.current.set(tab.key, node);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${id}-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              onKeyDown={(event) => move(event, index)}
              className={cx(
                'inline-flex min-h-11 shrink-0 items-center gap-2 border-b-2 px-3 font-semibold',
                selected ? 'border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              {tab.label}
              {tab.count !== undefined && <span className="rounded-full bg-slate-200 px-2 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">{tab.count}</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${current}`}>
        {children}
      </div>
    </div>
  );
}
