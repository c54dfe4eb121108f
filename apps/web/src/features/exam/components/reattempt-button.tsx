import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useStartPractice } from '../api/start-practice';

/** "Re-attempt my wrong answers": a practice session of the questions lost, then its page. */
export function ReattemptButton({ questionIds }: { questionIds: readonly string[] }) {
  const navigate = useNavigate();
  const start = useStartPractice(questionIds, (session) => void navigate(`/practice/${session.id}`));
  if (questionIds.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" onClick={() => start.mutate()} disabled={start.isPending}>
        {start.isPending && <Spinner className="size-5" />}
        {questionIds.length === 1 ? t('exam.result.reattemptOne') : t('exam.result.reattempt', { count: questionIds.length })}
      </Button>
      {start.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(start.error, t('exam.result.reattemptFailed'))}
        </Alert>
      )}
    </div>
  );
}
