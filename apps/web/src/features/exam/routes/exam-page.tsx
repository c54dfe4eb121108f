import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { useClockValue } from '@/lib/use-clock-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AttemptEnded } from '../components/attempt-ended';
import { ExamScreen } from '../components/exam-screen';
import { useAttemptWatch } from '../utils/use-attempt-watch';
import { useExam } from '../utils/use-exam';

/** How long Submit waits for saves still on their way before saying they have not arrived. */
const SUBMIT_WAIT_MS = 15_000;

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">{children}</div>;
}

/**
 * `/attempts/:id`: the exam screen of a timed attempt, full screen without the site's header and
 * footer. The page never closes an attempt on its own clock: at the end it stops taking answers and
 * waits for the server to submit it, then shows the result.
 */
export function ExamPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [closing, setClosing] = useState(false);
  const exam = useExam(id, { poll: closing });
  const attempt = exam.attempt.data;
  const endsAt = attempt?.endsAt ? Date.parse(attempt.endsAt) : null;
  const timeUp = useClockValue(exam.clock, (now) => endsAt !== null && now >= endsAt);
  if (timeUp !== closing) setClosing(timeUp);
  useDocumentTitle(attempt?.test?.title ?? t('exam.screen.title'));

  const { session, snapshot } = exam;
  const submitted = attempt?.status === 'submitted';
  const notCounted = snapshot?.notCounted.length ?? 0;
  const watch = useAttemptWatch({ attemptId: id, attempt, snapshot, clock: exam.clock, refetchAttempt: exam.attempt.refetch });
  // Whether this page showed the attempt open: its submission elsewhere is then said, not skipped over.
  const [sawOpen, setSawOpen] = useState(false);
  if (attempt?.status === 'open' && snapshot && !sawOpen) setSawOpen(true);
  useEffect(() => {
    if (submitted && session) void session.forget();
  }, [submitted, session]);

  if (exam.attempt.isError && !attempt) {
    return (
      <Centered>
        <QueryError
          message={errorMessage(exam.attempt.error, t('exam.screen.fetchFailed'))}
          retryLabel={t('exam.retry')}
          onRetry={exam.notFound ? undefined : () => void exam.attempt.refetch()}
          retrying={exam.attempt.isFetching}
        />
        {isApiError(exam.attempt.error) && exam.attempt.error.status === 401 ? (
          <ButtonLink to={`/login?next=/attempts/${encodeURIComponent(id)}`}>{t('exam.signedOut.signIn')}</ButtonLink>
        ) : (
          <ButtonLink to="/tests" variant="secondary">
            {t('exam.intro.back')}
          </ButtonLink>
        )}
      </Centered>
    );
  }

  if (attempt?.behaviour === 'practice') return <Navigate to={`/practice/${attempt.id}`} replace />;

  const { view, snapshot: viewSnapshot } = exam.view;
  if (!attempt || !session || !snapshot || !view || !viewSnapshot) {
    return (
      <Centered>
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('exam.screen.loading')}
        </p>
      </Centered>
    );
  }

  if (submitted) {
    // Submitted on another device before the time ran out here: said so, rather than leaving for the result.
    const elsewhere = sawOpen && !closing && !exam.submit.isSuccess;
    if (notCounted === 0 && !elsewhere) return <Navigate to={`/attempts/${id}/result`} replace />;
    return <AttemptEnded attempt={attempt} submittedBy={watch.submittedBy ?? (closing ? 'server' : 'candidate')} notCounted={snapshot.notCounted} />;
  }

  const onSubmit = async (): Promise<string | null> => {
    if (!(await session.settle(SUBMIT_WAIT_MS))) return t('exam.submit.notSent');
    try {
      await exam.submit.mutateAsync();
    } catch (error) {
      return errorMessage(error, t('exam.submit.failed'));
    }
    await session.forget();
    void navigate(`/attempts/${id}/result`, { replace: true });
    return null;
  };

  return (
    <ExamScreen
      attempt={attempt}
      session={session}
      snapshot={snapshot}
      view={view}
      viewSnapshot={viewSnapshot}
      clock={exam.clock}
      onTakeOver={() => exam.takeOver.mutate()}
      takingOver={exam.takeOver.isPending}
      takeOverError={exam.takeOver.isError ? errorMessage(exam.takeOver.error, t('exam.takeover.failed')) : null}
      onSubmit={onSubmit}
    />
  );
}
