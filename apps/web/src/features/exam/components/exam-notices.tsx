import type { Attempt } from '@abhyas/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import type { SessionSnapshot } from '../utils/session-snapshot';
import { NotCountedList } from './not-counted-list';

export interface ExamNoticesProps {
  attempt: Attempt;
  snapshot: SessionSnapshot;
  timeUp: boolean;
  /** Whether this device wrote to the attempt on this page: a takeover then "continues on another device". */
  wasWriter: boolean;
  onTakeOver: () => void;
  takingOver: boolean;
  takeOverError: string | null;
  numberOf: (questionId: string) => number;
}

/** What the candidate must know above the question: another device writes, the time is up, the sign-in ended, saves not counted. */
export function ExamNotices({ attempt, snapshot, timeUp, wasWriter, onTakeOver, takingOver, takeOverError, numberOf }: ExamNoticesProps) {
  return (
    <>
      {snapshot.takenOver && attempt.status === 'open' && (
        <Alert tone="warning" role="alert" title={wasWriter ? t('exam.takeover.continuesElsewhere') : t('exam.takeover.openElsewhere')}>
          <p>{t('exam.takeover.body')}</p>
          <Button className="mt-2" onClick={onTakeOver} disabled={takingOver}>
            {takingOver && <Spinner className="size-5 text-white" />}
            {t('exam.takeover.continueHere')}
          </Button>
          {takeOverError && <p className="mt-2 font-semibold">{takeOverError}</p>}
        </Alert>
      )}
      {timeUp && !snapshot.takenOver && (
        <Alert tone="info" role="status" title={t('exam.timeUp.title')}>
          <p className="flex items-center gap-2">
            <Spinner className="size-4" />
            {t('exam.timeUp.body')}
          </p>
        </Alert>
      )}
      {snapshot.signedOut && (
        <Alert tone="warning" role="alert" title={t('exam.signedOut.title')}>
          <p>{t('exam.signedOut.body')}</p>
          <ButtonLink to={`/login?next=/attempts/${encodeURIComponent(attempt.id)}`} className="mt-2">
            {t('exam.signedOut.signIn')}
          </ButtonLink>
        </Alert>
      )}
      {snapshot.notCounted.length > 0 && <NotCountedList notCounted={snapshot.notCounted} numberOf={numberOf} />}
    </>
  );
}
