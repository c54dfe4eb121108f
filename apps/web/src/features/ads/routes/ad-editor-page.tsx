import type { AdminAd } from '@abhyas/contracts';
import { useNavigate, useParams } from 'react-router';
import { EditorPageHeader } from '@/components/admin/editor-page-header';
import { Badge } from '@/components/ui/badge';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminAd } from '../api/get-admin-ad';
import { AdForm } from '../components/ad-form';

function NewAd() {
  useDocumentTitle(t('ads.newTitle'));
  const navigate = useNavigate();
  const onSaved = (saved: AdminAd) => void navigate(`/admin/ads/${saved.id}/edit`, { replace: true });
  return (
    <>
      <EditorPageHeader backTo="/admin/ads" backLabel={t('ads.back')} title={t('ads.newTitle')} />
      <AdForm onSaved={onSaved} />
    </>
  );
}

function EditAd({ id }: { id: string }) {
  useDocumentTitle(t('ads.editTitle'));
  const ad = useAdminAd(id);
  return (
    <>
      <EditorPageHeader backTo="/admin/ads" backLabel={t('ads.back')} title={t('ads.editTitle')}>
        {ad.data && (
          <>
            <Badge tone="slate">{t('ads.stats.impressionsCount', { count: ad.data.impressions.toLocaleString('en-IN') })}</Badge>
            <Badge tone="slate">{t('ads.stats.clicksCount', { count: ad.data.clicks.toLocaleString('en-IN') })}</Badge>
            <Badge>{t(`ads.state.${ad.data.state}`)}</Badge>
          </>
        )}
      </EditorPageHeader>
      {ad.isError && (
        <QueryError
          message={errorMessage(ad.error, t('errors.generic'))}
          retryLabel={t('content.retry')}
          onRetry={isRetryable(ad.error) ? () => void ad.refetch() : undefined}
          retrying={ad.isFetching}
        />
      )}
      {ad.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {ad.data && <AdForm key={ad.data.id} ad={ad.data} />}
    </>
  );
}

/** `/admin/ads/new` and `/admin/ads/:id/edit` (editors and admins). */
export function AdEditorPage() {
  const { id } = useParams();
  return (
    <div className="flex flex-col gap-6">
      {id ? <EditAd id={id} /> : <NewAd />}
    </div>
  );
}
