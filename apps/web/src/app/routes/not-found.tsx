import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/i18n/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Any unknown path. */
export function NotFoundRoute() {
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-5 py-12 text-center sm:py-20">
      <p aria-hidden="true" className="text-7xl font-extrabold tracking-tight text-indigo-600 dark:text-indigo-400">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('notFound.title')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('notFound.body')}</p>
      <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
    </div>
  );
}
