import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/i18n/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Shown instead of the editor to signed-in users who are neither editors nor admins. */
export function NoAccess() {
  useDocumentTitle(t('editor.noAccess.title'));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-5 py-12 text-center sm:py-20">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('editor.noAccess.title')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('editor.noAccess.body')}</p>
      <ButtonLink to="/">{t('editor.noAccess.home')}</ButtonLink>
    </div>
  );
}
