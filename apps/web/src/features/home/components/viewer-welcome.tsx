import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { t } from '@/i18n/i18n';

export interface Viewer {
  /** null while the profile is still loading or could not be fetched. */
  name: string | null;
  isCompleted: boolean | null;
  /** Whether the user has not signed in since registering (the server says); null while unknown. */
  firstVisit: boolean | null;
}

function greeting({ name, firstVisit }: Viewer): string {
  if (!name) return t('nav.account');
  return firstVisit ? t('home.welcome.firstTitle', { name }) : t('home.welcome.title', { name });
}

/** Greeting for a signed-in candidate, a first visit as one, with a prompt to finish an incomplete profile. */
export function ViewerWelcome({ viewer }: { viewer: Viewer }) {
  return (
    <Card as="section" aria-labelledby="welcome-title" className="flex flex-col gap-4">
      <h2 id="welcome-title" className="text-xl font-bold text-slate-900 dark:text-white">
        {greeting(viewer)}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t('home.welcome.body')}</p>
      {viewer.isCompleted === false ? (
        <Alert tone="warning" role="status" title={t('home.complete.title')}>
          <p>{t('home.complete.body')}</p>
          <ButtonLink to="/profile" className="mt-3">
            {t('home.complete.cta')}
          </ButtonLink>
        </Alert>
      ) : (
        <ButtonLink to="/profile" variant="secondary" className="self-start">
          {t('home.welcome.profile')}
        </ButtonLink>
      )}
    </Card>
  );
}
