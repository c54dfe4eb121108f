import type { AdminTest } from '@abhyas/contracts';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EditorPageHeader } from '@/components/admin/editor-page-header';
import { PublishControls } from '@/components/admin/publish-controls';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminTest } from '../api/get-admin-test';
import { useTestPreview } from '../api/get-test-preview';
import { useSetTestPublished } from '../api/set-test-published';
import { CandidatePreview } from '../components/candidate-preview';
import { TestForm } from '../components/test-form';
import { htmlToText } from '../utils/html-text';

function NewTest() {
  useDocumentTitle(t('testEditor.newTitle'));
  const navigate = useNavigate();
  // Once saved, the draft is edited at its own address (its data is already cached).
  const onCreated = (created: AdminTest) => void navigate(`/admin/tests/${created.id}/edit`, { replace: true });
  return (
    <>
      <EditorPageHeader backTo="/admin/tests" backLabel={t('testEditor.back')} title={t('testEditor.newTitle')} />
      <TestForm onCreated={onCreated} />
    </>
  );
}

/** The stems of a saved test's fixed questions, read from one preview draw, to name them in the pickers. */
function useFixedLabels(test: AdminTest | undefined): Record<string, string> | undefined {
  const hasFixed = Boolean(test?.sections.some((s) => s.questionIds.length > 0));
  const preview = useTestPreview(test?.id ?? '', 'labels', hasFixed);
  return useMemo(() => (preview.data ? Object.fromEntries(preview.data.questions.map((q) => [q.questionId, htmlToText(q.stemHtml)])) : undefined), [preview.data]);
}

function EditTest({ id }: { id: string }) {
  useDocumentTitle(t('testEditor.editTitle'));
  const test = useAdminTest(id);
  const setPublished = useSetTestPublished();
  const [previewing, setPreviewing] = useState(false);
  const labels = useFixedLabels(test.data);
  const publishProblems = isApiError(setPublished.error) ? setPublished.error.details : [];

  return (
    <>
      <EditorPageHeader backTo="/admin/tests" backLabel={t('testEditor.back')} title={t('testEditor.editTitle')}>
        {test.data && (
          <>
            <Button variant="secondary" className="px-3 text-sm" aria-expanded={previewing} onClick={() => setPreviewing((p) => !p)}>
              {t('testEditor.preview.open')}
            </Button>
            <ButtonLink to={`/admin/tests/${encodeURIComponent(id)}/stats`} variant="secondary" className="px-3 text-sm">
              {t('testEditor.stats.link')}
            </ButtonLink>
            <PublishControls
              status={test.data.status}
              viewPath={`/tests/${test.data.slug}`}
              busy={setPublished.isPending}
              onSetPublished={(published) => setPublished.mutate({ id, published })}
            />
          </>
        )}
      </EditorPageHeader>
      {publishProblems.length > 0 && (
        <Alert tone="error" role="alert" title={t('testEditor.publishFailed')}>
          <ul className="list-disc pl-5">
            {publishProblems.map((d) => (
              <li key={`${d.field}:${d.message}`}>{d.message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {test.data && test.data.submittedAttempts > 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{t('testEditor.attempted', { count: test.data.submittedAttempts })}</p>}
      {previewing && <CandidatePreview testId={id} onClose={() => setPreviewing(false)} />}
      {test.isError && (
        <QueryError
          message={errorMessage(test.error, t('errors.generic'))}
          retryLabel={t('content.retry')}
          onRetry={isRetryable(test.error) ? () => void test.refetch() : undefined}
          retrying={test.isFetching}
        />
      )}
      {test.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {/* Keyed by id only: saving keeps what the editor has open where it was. */}
      {test.data && <TestForm key={test.data.id} test={test.data} {...(labels ? { labels } : {})} />}
    </>
  );
}

/** `/admin/tests/new` and `/admin/tests/:id/edit` (editors and admins): the test form, preview as a candidate, publish. */
export function TestEditorPage() {
  const { id } = useParams();
  return <div className="flex flex-col gap-6">{id ? <EditTest id={id} /> : <NewTest />}</div>;
}
