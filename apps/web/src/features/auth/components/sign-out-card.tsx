import { Card } from '@/components/ui/card';
import { t } from '@/i18n/i18n';
import { SignOutButton } from './sign-out-button';

/** The "Sign out" section of the account page. */
export function SignOutCard() {
  return (
    <Card as="section" aria-labelledby="sign-out-title" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 id="sign-out-title" className="text-lg font-bold text-slate-900 dark:text-white">
          {t('auth.signOut.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('auth.signOut.intro')}</p>
      </div>
      <SignOutButton variant="danger" className="self-start sm:self-auto" />
    </Card>
  );
}
