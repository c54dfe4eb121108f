import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { NotFoundRoute } from '../routes/not-found';

/** Last-resort error page, e.g. when a page's code fails to download after a new release or without a connection. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  // Offline, a page the device does not keep (all but the exam screen) cannot load its code.
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-5 px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{offline ? t('errors.offlineTitle') : t('errors.boundaryTitle')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{offline ? t('errors.offlineBody') : t('errors.boundaryBody')}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </main>
  );
}
