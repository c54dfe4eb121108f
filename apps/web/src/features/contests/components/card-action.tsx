import type { Contest } from '@abhyas/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useAuthToken } from '@/lib/use-auth-token';
import { useJoinContest } from '../api/join-contest';
import { signInPath } from '../utils/paths';

const raised = 'relative z-10 self-start';

/**
 * The card's one action: join a free contest right here (the card then moves to the live list), go to
 * the contest page to pay or to play, or sign in first. Nothing when registration is closed: the card
 * says why.
 */
export function CardAction({ contest }: { contest: Contest }) {
  const signedIn = useAuthToken() !== null;
  const join = useJoinContest();
  const page = `/contests/${contest.slug}`;

  if (contest.joinedAt) {
    if (contest.status !== 'running') return null;
    return (
      <ButtonLink to={page} className={raised}>
        {t('contests.action.enter')}
      </ButtonLink>
    );
  }
  if (contest.entry?.status === 'pending') {
    return (
      <ButtonLink to={page} className={raised}>
        {t('contests.action.completePayment')}
      </ButtonLink>
    );
  }
  if (!contest.registration.open) return null;
  if (!signedIn) {
    return (
      <ButtonLink to={signInPath(page)} variant="secondary" className={raised}>
        {t('contests.action.signIn')}
      </ButtonLink>
    );
  }
  if (!contest.isFree) {
    return (
      <ButtonLink to={page} className={raised}>
        {t('contests.action.pay', { price: contest.price })}
      </ButtonLink>
    );
  }
  return (
    <div className="relative z-10 flex flex-col gap-2">
      {join.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(join.error, t('contests.join.failed'))}
        </Alert>
      )}
      <Button className="self-start" onClick={() => join.mutate(contest.id)} disabled={join.isPending}>
        {join.isPending && <Spinner className="size-5 text-white" />}
        {t('contests.action.joinFree')}
        <span className="sr-only"> {contest.title}</span>
      </Button>
    </div>
  );
}
