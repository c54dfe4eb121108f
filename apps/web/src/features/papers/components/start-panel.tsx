import type { QuestionLanguage, TestDetail } from '@abhyas/contracts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isBusyOrOffline } from '@/lib/busy-retry';
import { useLanguage } from '@/lib/language';
import { useAuthToken } from '@/lib/use-auth-token';
import { useStartAttempt } from '../api/start-attempt';
import { LanguageChoice } from './language-choice';

/**
 * The end of the instructions: "I have read the instructions" and Start, or Resume for an attempt
 * already open, or sign-in first. Starting asks the server for the attempt from this device.
 */
export function StartPanel({ test }: { test: TestDetail }) {
  const signedIn = useAuthToken() !== null;
  const navigate = useNavigate();
  const start = useStartAttempt(test.slug);
  const [agreed, setAgreed] = useState(false);
  // Preselected from the language the site is read in, when the test is offered in it.
  const shownIn = useLanguage();
  const [language, setLanguage] = useState<QuestionLanguage | null>(null);
  const chosen = language ?? (test.languages.includes(shownIn) ? shownIn : (test.languages[0] ?? 'en'));
  const checkboxId = useId();
  const mine = test.myAttempts;
  const open = mine?.openAttemptId ?? null;
  const exhausted = !open && mine !== null && test.attemptsAllowed !== null && mine.count >= test.attemptsAllowed;

  const begin = () =>
    start.mutate(chosen, { onSuccess: (attempt) => void navigate(`/attempts/${attempt.id}`) });

  return (
    <Card as="section" aria-labelledby={`${checkboxId}-title`} className="flex flex-col gap-4">
      <h2 id={`${checkboxId}-title`} className="text-xl font-bold">
        {open ? t('exam.intro.resumeTitle') : t('exam.intro.startTitle')}
      </h2>
      {mine && test.attemptsAllowed !== null && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('exam.intro.attemptsUsed', { count: mine.count, allowed: test.attemptsAllowed })}</p>
      )}
      {!signedIn ? (
        <>
          <p>{t('exam.intro.signInFirst')}</p>
          <ButtonLink to={`/login?next=${encodeURIComponent(`/tests/${test.slug}`).replace(/%2F/gi, '/')}`} className="self-start">
            {t('exam.intro.signIn')}
          </ButtonLink>
        </>
      ) : open ? (
        <>
          <p>{t('exam.intro.resumeBody')}</p>
          <ButtonLink to={`/attempts/${open}`} className="self-start">
            {t('exam.intro.resume')}
          </ButtonLink>
        </>
      ) : exhausted ? (
        <Alert tone="warning">{t('exam.intro.exhausted', { allowed: test.attemptsAllowed ?? 0 })}</Alert>
      ) : (
        <>
          {test.languages.length > 1 && <LanguageChoice languages={test.languages} value={chosen} onChange={setLanguage} />}
          <label htmlFor={checkboxId} className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
            <input id={checkboxId} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} className="size-5 accent-indigo-600" />
            {t('exam.intro.agree')}
          </label>
          {start.isPending && start.failureCount > 0 && (
            <Alert tone="warning" role="status">
              {t('exam.intro.busyRetrying')}
            </Alert>
          )}
          {start.isError && (
            <Alert tone="error" role="alert">
              {isBusyOrOffline(start.error) ? t('exam.intro.busy') : errorMessage(start.error, t('exam.intro.startFailed'))}
            </Alert>
          )}
          <Button onClick={begin} disabled={!agreed || start.isPending} className="self-start">
            {start.isPending && <Spinner className="size-5 text-white" />}
            {t('exam.intro.start')}
          </Button>
          {!agreed && <p className="text-sm text-slate-600 dark:text-slate-400">{t('exam.intro.agreeFirst')}</p>}
        </>
      )}
    </Card>
  );
}
