import { Link, NavLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { cx } from '@/components/ui/cx';
import { LogoMark } from '@/components/ui/logo-mark';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useProfile } from '@/features/profile/api/get-profile';
import { t } from '@/i18n/i18n';
import { useAuthToken } from '@/lib/use-auth-token';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-1.5 text-[0.9375rem] font-semibold sm:px-3 sm:text-base',
    isActive
      ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
      : 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800',
  );

/** Logo, main navigation and the account links; fits a 360 px wide phone. */
export function Header() {
  const signedIn = useAuthToken() !== null;
  const profile = useProfile();
  const name = profile.data?.user.name ?? t('nav.account');
  // The first name is enough to recognise the account and keeps the header within a 360 px phone.
  const shortName = name.trim().split(/\s+/)[0] || name;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-1 px-2.5 sm:px-6">
        <Link to="/" aria-label={t('app.homeLink')} className="mr-auto flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg pr-1 sm:gap-2">
          <LogoMark className="size-7 sm:size-8" />
          <span className="text-lg font-extrabold tracking-tight sm:text-xl text-slate-900 dark:text-white">{t('app.name')}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="flex min-w-0 items-center gap-0.5 sm:gap-1">
          <NavLink to="/" end className={navLinkClasses}>
            {t('nav.home')}
          </NavLink>
          {signedIn ? (
            <>
              <NavLink to="/profile" aria-label={t('nav.profileLink', { name })} className={navLinkClasses}>
                <span className="max-w-[5.5rem] truncate sm:max-w-[12rem]">{shortName}</span>
              </NavLink>
              <SignOutButton className="whitespace-nowrap px-1.5 text-[0.9375rem] sm:px-3 sm:text-base" />
            </>
          ) : (
            <>
              <NavLink to="/login" className={navLinkClasses}>
                {t('nav.signIn')}
              </NavLink>
              <ButtonLink to="/register" className="ml-1 whitespace-nowrap px-3 text-[0.9375rem] sm:px-4 sm:text-base">
                {t('nav.register')}
              </ButtonLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
