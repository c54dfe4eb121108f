import { CONTEST_LIMITS, type Contest, type PaymentStart } from '@abhyas/contracts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useLanguage } from '@/lib/language';
import { serverClock } from '@/lib/server-clock';
import { useAuthToken } from '@/lib/use-auth-token';
import { useClockValue } from '@/lib/use-clock-value';
import { serverWords } from '@/lib/server-words';
import { useJoinContest } from '../api/join-contest';
import { useStartContestAttempt } from '../api/start-contest-attempt';
import { goToCheckout, openRazorpay } from '../utils/checkout';
import { formatTime } from '../utils/format-contest';
import { signInPath } from '../utils/paths';
import { CountdownText } from './countdown-text';
import { usePaymentReturn } from './use-payment-return';

function Line({ children }: { children: ReactNode }) {
  return <p className="leading-7 text-slate-700 dark:text-slate-300">{children}</p>;
}

/**
 * What the candidate can do with a contest now: join (free at once; paid through the provider's
 * checkout, then verified), finish a pending payment while the seat is held, wait for the start,
 * enter the contest on the exam screen (after its end too, while their compensatory time runs), or
 * read why not.
 */
export function JoinPanel({ contest, submitted, onBoundary }: { contest: Contest; submitted: boolean; onBoundary: () => void }) {
  const signedIn = useAuthToken() !== null;
  const navigate = useNavigate();
  const join = useJoinContest();
  const enter = useStartContestAttempt();
  const language = useLanguage();
  const { verify, failed, setFailed } = usePaymentReturn();
  const [paying, setPaying] = useState(false);
  // Whether the answer-key challenge window after the end is still open, on the server's clock.
  const closesAt = contest.challengesCloseAt ? Date.parse(contest.challengesCloseAt) : null;
  const challengesOpen = useClockValue(serverClock, (now) => closesAt !== null && now < closesAt, 1000);
  const [payProblem, setPayProblem] = useState<string | null>(null);
  const refresh = onBoundary;
  const page = `/contests/${contest.slug}`;
  const entry = contest.entry;
  // Compensatory time (docs/PRODUCT.md §8.11): the entrant may write past the end, until `writeUntil`.
  const extraTime = entry?.compensatoryTime ?? null;
  const writeUntil = extraTime ? Date.parse(extraTime.writeUntil) : null;
  const stillWriting = useClockValue(serverClock, (now) => writeUntil !== null && now < writeUntil, 1000);
  const extraTimeLine = extraTime && (
    <Line>{t('contests.panel.compensatory', { extra: extraTime.extraMinutesPerHour, time: formatTime(extraTime.writeUntil), end: formatTime(contest.endsAt) })}</Line>
  );
  const enterButton = (
    <>
      {enter.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(enter.error, t('contests.enter.failed'))}
        </Alert>
      )}
      <Button className="self-start" disabled={enter.isPending} onClick={() => enter.mutate({ contestId: contest.id, language }, { onSuccess: (attemptId) => void navigate(`/attempts/${attemptId}`) })}>
        {enter.isPending && <Spinner className="size-5 text-white" />}
        {entry?.attemptId ? t('contests.action.resume') : t('contests.action.enter')}
      </Button>
    </>
  );

  function pay(payment: PaymentStart) {
    setPayProblem(null);
    if (payment.provider === 'test' && payment.checkoutUrl) {
      setPaying(true);
      goToCheckout(payment.checkoutUrl);
      return;
    }
    setPaying(true);
    openRazorpay(payment, t('app.name'), {
      onPaid: (response) => {
        setPaying(false);
        verify.mutate(response);
      },
      onFailed: (reason) => {
        setPaying(false);
        setPayProblem(reason ?? t('contests.pay.failed'));
      },
      onDismiss: () => setPaying(false),
    }).catch(() => {
      setPaying(false);
      setPayProblem(t('contests.pay.checkoutUnavailable'));
    });
  }

  function joinNow() {
    setFailed(false);
    join.mutate(contest.id, { onSuccess: ({ payment }) => payment && pay(payment) });
  }

  const busy = join.isPending || paying || verify.isPending;
  const problems = (
    <>
      {verify.isPending && (
        <p role="status" className="flex items-center gap-3">
          <Spinner />
          {t('contests.pay.verifying')}
        </p>
      )}
      {verify.isSuccess && (
        <Alert tone="success" role="status" title={t('contests.pay.done')}>
          {t('contests.pay.doneBody')}
        </Alert>
      )}
      {verify.isError && (
        <Alert tone="error" role="alert" title={t('contests.pay.verifyFailed')}>
          {errorMessage(verify.error, t('contests.pay.failed'))}
        </Alert>
      )}
      {failed && (
        <Alert tone="error" role="alert" title={t('contests.pay.failedTitle')}>
          {entry?.status === 'pending' && entry.holdExpiresAt ? t('contests.pay.failedHeld', { time: formatTime(entry.holdExpiresAt) }) : t('contests.pay.failedBody')}
        </Alert>
      )}
      {payProblem && (
        <Alert tone="error" role="alert">
          {payProblem}
        </Alert>
      )}
      {join.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(join.error, t('contests.join.failed'))}
        </Alert>
      )}
    </>
  );

  let body: ReactNode;
  if (contest.status === 'cancelled' || contest.status === 'draft') {
    body = <Line>{serverWords(contest.registration.reason) ?? t('contests.panel.cancelled')}</Line>;
  } else if (contest.status === 'ended' && contest.joinedAt && entry?.attemptId && !submitted && extraTime && stillWriting) {
    // The others' time is over; this entrant's compensatory time is not.
    body = (
      <>
        <Line>{t('contests.panel.compensatoryWriting', { time: formatTime(extraTime.writeUntil) })}</Line>
        {enterButton}
      </>
    );
  } else if (contest.status === 'ended' && contest.challengesCloseAt && challengesOpen) {
    // Over, with its answer key open to challenges: the board and results are provisional until the window closes.
    body = <Line>{t('contests.panel.challengeWindow', { time: formatDateTime(contest.challengesCloseAt) })}</Line>;
  } else if (contest.status === 'final' || contest.status === 'ended') {
    body = <Line>{contest.joinedAt ? (contest.status === 'ended' ? t('contests.panel.computing') : t('contests.panel.final')) : serverWords(contest.registration.reason) ?? t('contests.panel.over')}</Line>;
  } else if (contest.status === 'running') {
    body = contest.joinedAt ? (
      submitted && entry?.attemptId ? (
        <>
          <Line>{t('contests.panel.submitted')}</Line>
          <ButtonLink to={`/attempts/${entry.attemptId}/result`} className="self-start">
            {t('contests.panel.analysis')}
          </ButtonLink>
        </>
      ) : (
        <>
          <Line>{t('contests.panel.runningJoined', { time: formatTime(contest.endsAt) })}</Line>
          {extraTimeLine}
          {enterButton}
        </>
      )
    ) : (
      // Said here rather than in the server's words, so the start shows in the reader's own time zone like every time on the page.
      <Line>{t('contests.panel.closedAtStart', { time: formatDateTime(contest.startsAt) })}</Line>
    );
  } else {
    const countdown = (
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-slate-700 dark:text-slate-300">{t('contests.panel.startsIn')}</span>
        <CountdownText at={contest.startsAt} label={t('contests.panel.startsIn')} onDone={refresh} />
      </p>
    );
    if (contest.joinedAt) {
      body = (
        <>
          <Line>{t('contests.panel.joined')}</Line>
          {extraTimeLine}
          {countdown}
        </>
      );
    } else if (entry?.status === 'pending') {
      body = (
        <>
          <Line>{t('contests.panel.pending')}</Line>
          {entry.holdExpiresAt && (
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-slate-700 dark:text-slate-300">{t('contests.panel.heldFor')}</span>
              <CountdownText at={entry.holdExpiresAt} label={t('contests.panel.heldFor')} onDone={refresh} />
            </p>
          )}
          <Button className="self-start" disabled={busy} onClick={joinNow}>
            {busy && <Spinner className="size-5 text-white" />}
            {failed ? t('contests.action.retryPayment') : t('contests.action.completePayment')}
          </Button>
          {countdown}
        </>
      );
    } else if (!contest.registration.open) {
      body = (
        <>
          <Line>{serverWords(contest.registration.reason) ?? t('contests.panel.closed')}</Line>
          {countdown}
        </>
      );
    } else if (!signedIn) {
      body = (
        <>
          <Line>{t('contests.panel.signInFirst')}</Line>
          <ButtonLink to={signInPath(page)} className="self-start">
            {t('contests.action.signIn')}
          </ButtonLink>
          {countdown}
        </>
      );
    } else {
      body = (
        <>
          <Line>{contest.isFree ? t('contests.panel.freeBody') : t('contests.panel.paidBody', { price: contest.price, minutes: CONTEST_LIMITS.holdMinutes })}</Line>
          <Button className="self-start" disabled={busy} onClick={joinNow}>
            {busy && <Spinner className="size-5 text-white" />}
            {contest.isFree ? t('contests.action.joinFree') : failed ? t('contests.action.retryPayment') : t('contests.action.pay', { price: contest.price })}
          </Button>
          {countdown}
        </>
      );
    }
  }

  return (
    <Card as="section" aria-labelledby="entry-title" className="flex flex-col gap-3">
      <h2 id="entry-title" className="text-xl font-bold">
        {contest.joinedAt ? t('contests.panel.titleJoined') : t('contests.panel.title')}
      </h2>
      {problems}
      {body}
    </Card>
  );
}
