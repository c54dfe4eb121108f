import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { NotFoundRoute } from '../routes/not-found';

/** Last-resort error page, e.g. when a page's code fails to download after a new release. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-5 px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('errors.boundaryTitle')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('errors.boundaryBody')}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </main>
  );
}
