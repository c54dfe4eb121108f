import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { useBulkQuestions } from '../api/bulk-questions';

/** Said above an archived question: why it is kept and read only, with Restore, which brings it back as a draft. */
export function ArchivedNotice({ questionId }: { questionId: string }) {
  const bulk = useBulkQuestions();
  return (
    <Alert tone="warning" title={t('questions.archived.title')}>
      <div className="flex flex-col items-start gap-3">
        <p>{t('questions.archived.body')}</p>
        <Button variant="secondary" className="px-3 text-sm" disabled={bulk.isPending} onClick={() => bulk.mutate({ ids: [questionId], action: 'restore' })}>
          {t('editor.action.restore')}
        </Button>
      </div>
    </Alert>
  );
}
