import { Alert } from '@/components/ui/alert';
import { t } from '@/i18n/i18n';
import { useContestPaper } from '../api/get-contest-paper';

/**
 * What choosing a test as the contest's paper means, beside the picker: the test leaves the
 * candidates' mock-test list, its answers open only after the contest ends, and a warning when
 * candidates have already attempted it (the server refuses it: docs/PRODUCT.md §8.8) or met some
 * of its questions in practice or other tests, so the editor can replace them first.
 */
export function PaperNotes({ testId, savedTestId }: { testId: string; savedTestId: string | null }) {
  const paper = useContestPaper(testId);
  if (!testId) return null;
  const data = paper.data?.testId === testId ? paper.data : undefined;
  // The contest's own paper is attempted by its entrants: that is no reason to warn.
  const attempted = data?.attempted === true && testId !== savedTestId;
  return (
    <div className="flex flex-col gap-2">
      <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700 dark:text-slate-300">
        <li>{t('contestEditor.paper.leavesMockList')}</li>
        <li>{t('contestEditor.paper.reveal')}</li>
      </ul>
      {attempted && (
        <Alert tone="error" role="status">
          {t('contestEditor.paper.attempted')}
        </Alert>
      )}
      {data && data.seenElsewhere > 0 && (
        <Alert tone="warning" role="status">
          {t('contestEditor.paper.seen', { count: data.seenElsewhere, total: data.questions })}
        </Alert>
      )}
    </div>
  );
}
