import { t } from '@/i18n/i18n';
import { EXAM_SHORTCUTS, PALETTE_KEYS } from '@/lib/exam-keys';
import { cx } from '../ui/cx';

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {keys.map((key) => (
        <kbd key={key} className="min-w-7 rounded border border-slate-300 bg-slate-100 px-1.5 py-0.5 text-center font-mono text-sm dark:border-slate-600 dark:bg-slate-800 hc:border-white hc:bg-black">
          {key}
        </kbd>
      ))}
    </span>
  );
}

/** Every keyboard shortcut of the exam screen, as a two-column list of keys and what they do. */
export function ShortcutList({ className }: { className?: string }) {
  return (
    <dl className={cx('grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm', className)}>
      {EXAM_SHORTCUTS.map(({ action, keys }) => (
        <div key={action} className="contents">
          <dt>
            <Keys keys={keys} />
          </dt>
          <dd>{t(`exam.keys.${action}`)}</dd>
        </div>
      ))}
      <div className="contents">
        <dt>
          <Keys keys={PALETTE_KEYS} />
        </dt>
        <dd>{t('exam.keys.paletteMove')}</dd>
      </div>
    </dl>
  );
}
