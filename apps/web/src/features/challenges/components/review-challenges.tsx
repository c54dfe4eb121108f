import { CHALLENGE_REASONS } from '@abhyas/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryError } from '@/components/ui/query-error';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { serverWords } from '@/lib/server-words';
import { useCreateChallenge } from '../api/create-challenge';
import { useAttemptChallenges } from '../api/get-attempt-challenges';
import { useMyFlags } from '../api/get-my-flags';
import { FlagDialog } from './flag-dialog';
import { ReportProblem, SentFlag } from './report-problem';

/**
 * The top of a review: whether the answer key can be challenged and until when, or why not (said once
 * here, not on every question), with the way to the candidate's challenges and reports.
 */
export function ChallengeWindowNote({ attemptId }: { attemptId: string }) {
  const challenges = useAttemptChallenges(attemptId);
  if (challenges.isError) {
    return (
      <QueryError
        message={errorMessage(challenges.error, t('challenges.window.fetchFailed'))}
        retryLabel={t('challenges.retry')}
        onRetry={() => void challenges.refetch()}
        retrying={challenges.isFetching}
      />
    );
  }
  const window = challenges.data?.window;
  if (!window) return null;
  const link = (
    <TextLink to="/me/challenges" className="mt-2 inline-block">
      {t('challenges.mine.link')}
    </TextLink>
  );
  if (window.open) {
    return (
      <Alert tone="info" title={window.closesAt ? t('challenges.window.open', { date: formatDateTime(window.closesAt) }) : t('challenges.window.openAlways')}>
        <p>{t('challenges.window.openHint')}</p>
        {link}
      </Alert>
    );
  }
  return (
    <Alert tone="info" title={t('challenges.window.closedTitle')}>
      <p>{serverWords(window.reason) ?? t('challenges.window.closed')}</p>
      <p>{t('challenges.window.closedHint')}</p>
      {link}
    </Alert>
  );
}

function ChallengeButton({ attemptId, questionId, number }: { attemptId: string; questionId: string; number: number }) {
  const [open, setOpen] = useState(false);
  const challenge = useCreateChallenge(attemptId);
  return (
    <>
      <Button
        variant="secondary"
        className="self-start text-sm"
        onClick={() => {
          challenge.reset();
          setOpen(true);
        }}
      >
        {t('challenges.challenge.button')}
      </Button>
      <FlagDialog
        open={open}
        title={t('challenges.challenge.title', { number })}
        intro={t('challenges.challenge.intro')}
        reasons={CHALLENGE_REASONS}
        submitLabel={t('challenges.challenge.submit')}
        pending={challenge.isPending}
        error={challenge.isError ? errorMessage(challenge.error, t('challenges.challenge.failed')) : null}
        onClose={() => setOpen(false)}
        onSubmit={({ reason, comment }) =>
          challenge.mutate(
            { questionId, reason, ...(comment ? { comment } : {}) },
            { onSuccess: () => setOpen(false) },
          )
        }
      />
    </>
  );
}

/**
 * One question's part of the answer-key process on the review: the candidate's challenge with its
 * status; or, while the window is open, "Challenge the answer key"; or, once it is closed, the smaller
 * "Report a problem with this question" (or the candidate's open report on it).
 */
export function QuestionChallenge({ attemptId, questionId, number }: { attemptId: string; questionId: string; number: number }) {
  const challenges = useAttemptChallenges(attemptId);
  const data = challenges.data;
  const mine = data?.challenges.find((c) => c.questionId === questionId);
  const closed = data !== undefined && !data.window.open && !mine;
  const flags = useMyFlags({ enabled: closed });
  if (!data) return null;
  if (mine) return <SentFlag flag={mine} />;
  if (data.window.open) return <ChallengeButton attemptId={attemptId} questionId={questionId} number={number} />;
  if (flags.isPending) return null;
  const report = flags.data?.find((f) => f.kind === 'report' && f.questionId === questionId && f.status === 'open') ?? null;
  return <ReportProblem questionId={questionId} attemptId={attemptId} existing={report} />;
}
