import type { AdminContest } from '@abhyas/contracts';
import { useNavigate, useParams } from 'react-router';
import { EditorPageHeader } from '@/components/admin/editor-page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button-link';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { formatDateTime } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { serverWords } from '@/lib/server-words';
import { useAdminContest } from '../api/get-admin-contest';
import { CancelContest } from '../components/cancel-contest';
import { ContestForm } from '../components/contest-form';

function NewContest() {
  useDocumentTitle(t('contestEditor.newTitle'));
  const navigate = useNavigate();
  const onSaved = (created: AdminContest) => void navigate(`/admin/contests/${created.id}/edit`, { replace: true });
  return (
    <>
      <EditorPageHeader backTo="/admin/contests" backLabel={t('contestEditor.back')} title={t('contestEditor.newTitle')} />
      <ContestForm onSaved={onSaved} />
    </>
  );
}

function EditContest({ id }: { id: string }) {
  useDocumentTitle(t('contestEditor.editTitle'));
  const contest = useAdminContest(id);
  const data = contest.data;
  return (
    <>
      <EditorPageHeader backTo="/admin/contests" backLabel={t('contestEditor.back')} title={t('contestEditor.editTitle')}>
        {data && data.published && (
          <ButtonLink to={`/contests/${data.slug}`} variant="secondary" className="px-3 text-sm">
            {t('editor.action.view')}
          </ButtonLink>
        )}
      </EditorPageHeader>
      {contest.isError && <QueryError message={errorMessage(contest.error, t('errors.generic'))} retryLabel={t('content.retry')} onRetry={isRetryable(contest.error) ? () => void contest.refetch() : undefined} retrying={contest.isFetching} />}
      {contest.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {data && (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Badge tone={data.status === 'cancelled' ? 'red' : data.status === 'draft' ? 'slate' : 'indigo'}>{t(`contestEditor.status.${data.status}`)}</Badge>
            <span>{t('contestEditor.entries', { confirmed: data.entries.confirmed, pending: data.entries.pending })}</span>
            <span aria-hidden="true">·</span>
            <span>{formatDateTime(data.startsAt)}</span>
          </p>
          {data.status === 'cancelled' && <Alert tone="warning">{serverWords(data.registration.reason) ?? t('contestEditor.status.cancelled')}</Alert>}
          <ContestForm key={data.id} contest={data} />
          <CancelContest contest={data} />
        </>
      )}
    </>
  );
}

/** `/admin/contests/new` and `/admin/contests/:id/edit` (editors and admins): the contest form, its entries, and cancelling. */
export function ContestEditorPage() {
  const { id } = useParams();
  return <div className="flex flex-col gap-6">{id ? <EditContest id={id} /> : <NewContest />}</div>;
}
