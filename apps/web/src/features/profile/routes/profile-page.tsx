import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CompletionBanner } from '../components/completion-banner';
import { ProfileForm } from '../components/profile-form';

/** /profile (signed-in only): the profile form, plus account sections passed in by the app. */
export function ProfilePage({ accountSections }: { accountSections?: ReactNode }) {
  useDocumentTitle(t('profile.title'));
  const profile = useCurrentUser();

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{t('profile.title')}</h1>
        <p className="text-slate-600 dark:text-slate-400">{t('profile.intro')}</p>
      </header>

      {profile.isPending && (
        <Card role="status" aria-live="polite" className="flex items-center gap-3 text-slate-700 dark:text-slate-300">
          <Spinner />
          {t('profile.loading')}
        </Card>
      )}

      {profile.isError && (
        <Alert tone="error" role="alert" title={t('profile.fetchFailed')}>
          <p>{profile.error.message}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
            {t('profile.retry')}
          </Button>
        </Alert>
      )}

      {profile.data && (
        <>
          <CompletionBanner user={profile.data.user} />
          <Card as="section" aria-label={t('profile.title')}>
            <ProfileForm key={profile.data.user.updatedAt} user={profile.data.user} />
          </Card>
        </>
      )}

      {accountSections}
    </div>
  );
}
