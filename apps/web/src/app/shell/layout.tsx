import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { cx } from '@/components/ui/cx';
import { usePageViewTracking } from '@/features/tracking/use-page-view-tracking';
import { t } from '@/i18n/i18n';
import { AdSlot } from './ad-slot';
import { Footer } from './footer';
import { Header } from './header';
import { UpdateNotice } from './update-notice';

/**
 * A route's `handle` may ask for the wide frame (the editor, whose preview sits beside the form),
 * leave out the ad (the admin pages), or leave out the site's header and footer too (the exam
 * screen, which fills the window as the real computer-based test does).
 */
export interface RouteHandle {
  wide?: boolean;
  noAds?: boolean;
  bare?: boolean;
}

/** Page frame: skip link, header, the current page with the ad below it, footer, a new version's offer; records each page view. */
export function Layout() {
  usePageViewTracking();
  const navigating = useNavigation().state !== 'idle';
  const handles = useMatches().map((match) => match.handle as RouteHandle | undefined);
  const wide = handles.some((handle) => handle?.wide === true);
  const ads = !handles.some((handle) => handle?.noAds === true);
  if (handles.some((handle) => handle?.bare === true)) {
    return (
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Outlet />
        <ScrollRestoration />
      </main>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-indigo-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-slate-900 dark:text-indigo-300"
      >
        {t('shell.skipToContent')}
      </a>
      {navigating && <div aria-hidden="true" className="fixed inset-x-0 top-0 z-40 h-1 animate-pulse bg-indigo-600" />}
      <Header wide={wide} />
      <main id="main" tabIndex={-1} className={cx('mx-auto w-full flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-10', wide ? 'max-w-7xl' : 'max-w-5xl')}>
        {/* The page fills at least a screen: the ad and the footer start below the fold, so a page whose content arrives late never pushes them down in view. */}
        <div className="min-h-dvh">
          <Outlet />
        </div>
        {ads && <AdSlot />}
      </main>
      <Footer />
      <UpdateNotice />
      <ScrollRestoration />
    </div>
  );
}
