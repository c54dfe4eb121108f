import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { cx } from '@/components/ui/cx';
import { LogoMark } from '@/components/ui/logo-mark';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { LocationStatus } from '@/features/location/components/location-status';
import { t, withCatalogues } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { canEditContent } from '@/lib/roles';
import { useAccountLanguage } from '@/lib/language';
import { useAuthToken } from '@/lib/use-auth-token';
import { LanguageSwitch } from './language-switch';
import { MenuButton } from './menu-button';
import { SectionLinks } from './section-links';

// The contests badge needs the contests list: loaded after the page, with its words, for signed-in candidates only.
const contestsSoon = () => withCatalogues(['contests'], import('@/features/contests/components/contests-soon'));
const ContestsSoonCount = lazy(contestsSoon);
const ContestsSoonDot = lazy(() => contestsSoon().then((m) => ({ default: m.ContestsSoonDot })));
// The notices bell and its unread count: loaded after the page, signed-in only; its words are the shell's.
const noticeBell = () => import('@/features/notices/components/notice-bell');
const NoticeBell = lazy(noticeBell);
const NoticesMenuLink = lazy(() => noticeBell().then((m) => ({ default: m.NoticesMenuLink })));
const NoticesDot = lazy(() => noticeBell().then((m) => ({ default: m.NoticesDot })));

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-1.5 text-[0.9375rem] font-semibold sm:px-3 sm:text-base',
    isActive
      ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
      : 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-300 dark:hover:bg-slate-800',
  );

const menuLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    'flex min-h-11 items-center rounded-lg px-3 text-base font-semibold',
    isActive
      ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
      : 'text-slate-800 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800',
  );

/**
 * Logo, main navigation and the account links, with the location on a small line of its own
 * below (the header is 92 px tall; sticky panels below it start at `top-28`). On phones (360 px
 * and up) the section links move into a menu so the account links keep their place; from `md`
 * they sit in the bar. The notices bell sits in the bar from `sm`, and in the menu below it.
 * `wide` lines it up with the wide page frame.
 */
export function Header({ wide = false }: { wide?: boolean }) {
  const signedIn = useAuthToken() !== null;
  const profile = useCurrentUser();
  useAccountLanguage();
  const name = profile.data?.user.name ?? t('nav.account');
  // The first name is enough to recognise the account and keeps the header within a 360 px phone.
  const shortName = name.trim().split(/\s+/)[0] || name;
  const showEditor = signedIn && canEditContent(profile.data?.user.role);
  const contestsBadge = signedIn ? (
    <Suspense fallback={null}>
      <ContestsSoonCount />
    </Suspense>
  ) : null;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className={cx('mx-auto flex h-16 items-center gap-1 px-2.5 sm:px-6', wide ? 'max-w-7xl' : 'max-w-5xl')}>
        <Link to="/" aria-label={t('app.homeLink')} className="mr-auto flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg pr-1 sm:gap-2">
          <LogoMark className="size-7 sm:size-8" />
          <span className="text-lg font-extrabold tracking-tight max-[359px]:text-base sm:text-xl text-slate-900 dark:text-white">{t('app.name')}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="flex min-w-0 items-center gap-0.5 sm:gap-1">
          <div className="hidden items-center gap-1 lg:flex">
            <SectionLinks showEditor={showEditor} className={navLinkClasses} contestsBadge={contestsBadge} />
          </div>
          {signedIn ? (
            <>
              <span className="hidden sm:contents">
                <Suspense fallback={null}>
                  <NoticeBell />
                </Suspense>
              </span>
              <NavLink to="/profile" aria-label={t('nav.profileLink', { name })} className={navLinkClasses}>
                <span className="max-w-[5.5rem] truncate sm:max-w-[9rem]">{shortName}</span>
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
          <MenuButton
            className="lg:hidden"
            indicator={
              signedIn ? (
                <Suspense fallback={null}>
                  <ContestsSoonDot />
                  <span className="sm:hidden">
                    <NoticesDot />
                  </span>
                </Suspense>
              ) : null
            }
          >
            <SectionLinks showEditor={showEditor} className={menuLinkClasses} contestsBadge={contestsBadge} />
            {signedIn && (
              <span className="flex flex-col sm:hidden">
                <Suspense fallback={null}>
                  <NoticesMenuLink className={menuLinkClasses} />
                </Suspense>
              </span>
            )}
          </MenuButton>
        </nav>
      </div>
      <div className={cx('mx-auto flex h-7 items-center px-2.5 pb-1 sm:px-6', wide ? 'max-w-7xl' : 'max-w-5xl')}>
        <LocationStatus />
        <LanguageSwitch className="ml-auto shrink-0" />
      </div>
    </header>
  );
}
