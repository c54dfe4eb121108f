import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';

export interface ExamActionsProps {
  answerable: boolean;
  onMarkNext: () => void;
  onClear: () => void;
  onPrevious: () => void;
  onSaveNext: () => void;
}

// Small type until `lg`, so the four fit one row from `sm` (a 1280-px screen zoomed to 200% too); the
// variants outrank the button's own padding and size.
const actionClass = 'max-sm:px-2 sm:max-lg:px-3 max-lg:text-sm';

/** The action bar under the question, as on the real screen: Mark for Review & Next, Clear Response, Previous, Save & Next. */
export function ExamActions({ answerable, onMarkNext, onClear, onPrevious, onSaveNext }: ExamActionsProps) {
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 bg-white p-2 sm:flex-row sm:justify-between sm:px-5 dark:border-slate-800 dark:bg-slate-900 hc:border-white hc:bg-black">
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button variant="secondary" className={actionClass} disabled={!answerable} aria-keyshortcuts="M" onClick={onMarkNext}>
          {t('exam.action.markNext')}
        </Button>
        <Button variant="secondary" className={actionClass} disabled={!answerable} aria-keyshortcuts="C" onClick={onClear}>
          {t('exam.action.clear')}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button variant="secondary" className={actionClass} aria-keyshortcuts="P" onClick={onPrevious}>
          {t('exam.action.previous')}
        </Button>
        <Button className={actionClass} disabled={!answerable} aria-keyshortcuts="S" onClick={onSaveNext}>
          {t('exam.action.saveNext')}
        </Button>
      </div>
    </div>
  );
}
