import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { useProfile } from '@/features/profile/api/get-profile';
import { t } from '@/i18n/i18n';

/** Ads are for admins: editors reach the editor, but see this note here. The API checks again. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const role = useProfile().data?.user.role;
  if (role === 'admin') return <>{children}</>;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-5 py-12 text-center sm:py-20">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('editor.noAccess.title')}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t('ads.adminOnly')}</p>
      <ButtonLink to="/admin">{t('ads.backToEditor')}</ButtonLink>
    </div>
  );
}
