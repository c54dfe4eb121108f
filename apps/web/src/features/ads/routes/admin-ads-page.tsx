import { ListPageHeader } from '@/components/admin/list-page-header';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminAds } from '../api/get-admin-ads';
import { AdList } from '../components/ad-list';

function AdsList() {
  const ads = useAdminAds();
  return (
    <>
      {ads.isError && <QueryError message={errorMessage(ads.error, t('errors.generic'))} retryLabel={t('content.retry')} onRetry={() => void ads.refetch()} retrying={ads.isFetching} />}
      {ads.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {ads.data &&
        (ads.data.length > 0 ? (
          <AdList ads={ads.data} />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('ads.empty')}</p>
        ))}
    </>
  );
}

/** `/admin/ads` (editors and admins): every ad with where it shows, whether it is live, and its counts. */
export function AdminAdsPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('ads.title')}`);
  return (
    <div className="flex flex-col gap-6">
      <ListPageHeader title={t('ads.title')} intro={t('ads.intro')} newPath="/admin/ads/new" newLabel={t('ads.new')} />
      <AdsList />
    </div>
  );
}
