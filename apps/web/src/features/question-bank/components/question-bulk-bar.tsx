import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import type { BulkAction } from '../utils/bulk-outcome';
import { checkboxClasses } from './question-list';

export interface QuestionBulkBarProps {
  /** Every question selected on this page. */
  allOnPage: boolean;
  /** The page lists no question to select. */
  emptyPage: boolean;
  onSelectAll: () => void;
  selected: number;
  total: number;
  /** The list shows archived questions: the one action is Restore. */
  archived: boolean;
  busy: boolean;
  onAction: (action: Exclude<BulkAction, 'delete'>) => void;
  /** Asks before deleting. */
  onDelete: () => void;
}

/** Select all on the page, the count selected, and what to do with them: publish, unpublish, delete, or restore archived ones. */
export function QuestionBulkBar({ allOnPage, emptyPage, onSelectAll, selected, total, archived, busy, onAction, onDelete }: QuestionBulkBarProps) {
  const disabled = selected === 0 || busy;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3" role="group" aria-label={t('questions.bulk.label')}>
      <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800 dark:text-slate-200">
        <input type="checkbox" className={checkboxClasses} checked={allOnPage} disabled={emptyPage} onChange={onSelectAll} />
        {t('questions.bulk.selectAll')}
      </label>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {t('questions.bulk.count', { count: selected, total })}
      </p>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        {archived ? (
          <Button variant="secondary" className="px-3 text-sm" disabled={disabled} onClick={() => onAction('restore')}>
            {t('editor.action.restore')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" className="px-3 text-sm" disabled={disabled} onClick={() => onAction('publish')}>
              {t('editor.action.publish')}
            </Button>
            <Button variant="secondary" className="px-3 text-sm" disabled={disabled} onClick={() => onAction('unpublish')}>
              {t('editor.action.unpublish')}
            </Button>
            <Button variant="danger" className="px-3 text-sm" disabled={disabled} onClick={onDelete}>
              {t('editor.action.delete')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
