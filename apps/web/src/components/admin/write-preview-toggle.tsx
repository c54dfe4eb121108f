import { useId } from 'react';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';

export type EditorMode = 'write' | 'preview';

/** On phones, where the preview cannot sit beside the text: switch between writing and previewing. */
export function WritePreviewToggle({ mode, onChange, className }: { mode: EditorMode; onChange: (mode: EditorMode) => void; className?: string }) {
  const labelId = useId();
  const option = (value: EditorMode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => onChange(value)}
      className={cx(
        'min-h-11 flex-1 rounded-md px-4 text-sm font-semibold transition-colors',
        mode === value ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white' : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className={cx('flex items-center gap-3', className)}>
      <span id={labelId} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {t('editor.mode.label')}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex flex-1 gap-1 rounded-lg bg-slate-200 p-1 dark:bg-slate-800">
        {option('write', t('editor.mode.write'))}
        {option('preview', t('editor.mode.preview'))}
      </div>
    </div>
  );
}
