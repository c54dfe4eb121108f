import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/i18n/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

export interface NoAccessProps {
  title?: string;
  body?: string;
}

/** Shown instead of a page the signed-in user's role does not open: by default the editor, to candidates. */
export function NoAccess({ title = t('editor.noAccess.title'), body = t('editor.noAccess.body') }: NoAccessProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-5 py-12 text-center sm:py-20">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{body}</p>
      <ButtonLink to="/">{t('editor.noAccess.home')}</ButtonLink>
    </div>
  );
}
