import type { AdminQuestion } from '@abhyas/contracts';
import { useNavigate, useParams } from 'react-router';
import { EditorPageHeader } from '@/components/admin/editor-page-header';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminQuestion } from '../api/get-admin-question';
import { useQuestionVersions } from '../api/get-question-versions';
import { ArchivedNotice } from '../components/archived-notice';
import { QuestionBadges } from '../components/question-badges';
import { QuestionForm } from '../components/question-form';
import { QuestionVersions } from '../components/question-versions';

function NewQuestion() {
  useDocumentTitle(t('questions.newTitle'));
  const navigate = useNavigate();
  const onCreated = (created: AdminQuestion) => void navigate(`/admin/questions/${created.id}/edit`, { replace: true });
  return (
    <>
      <EditorPageHeader backTo="/admin/questions" backLabel={t('questions.back')} title={t('questions.newTitle')} />
      <QuestionForm onCreated={onCreated} />
    </>
  );
}

/** What Save says once attempts have used the current version: a change to what they were shown makes the next one. */
function useSaveNote(id: string): string | undefined {
  const current = useQuestionVersions(id).data?.find((v) => v.current);
  return current?.firstUsedAt ? t('questions.versions.saveNote', { version: current.version, next: current.version + 1 }) : undefined;
}

function EditQuestion({ id }: { id: string }) {
  useDocumentTitle(t('questions.editTitle'));
  const question = useAdminQuestion(id);
  const saveNote = useSaveNote(id);
  const archived = question.data?.status === 'archived';
  return (
    <>
      <EditorPageHeader backTo="/admin/questions" backLabel={t('questions.back')} title={t('questions.editTitle')}>
        {question.data && (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <QuestionBadges question={question.data} />
            </p>
            <span className="text-sm font-semibold text-slate-700 dark:text-slate-300">{t('questions.versions.number', { version: question.data.version })}</span>
          </>
        )}
      </EditorPageHeader>
      {archived && <ArchivedNotice questionId={id} />}
      {question.isError && (
        <QueryError
          message={errorMessage(question.error, t('errors.generic'))}
          retryLabel={t('content.retry')}
          onRetry={isRetryable(question.error) ? () => void question.refetch() : undefined}
          retrying={question.isFetching}
        />
      )}
      {question.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {question.data && <QuestionForm key={question.data.id} question={question.data} locked={archived} saveNote={archived ? undefined : saveNote} />}
      {question.data && <QuestionVersions questionId={id} />}
    </>
  );
}

/** `/admin/questions/new` and `/admin/questions/:id/edit` (editors and admins). */
export function QuestionEditorPage() {
  const { id } = useParams();
  return <div className="flex flex-col gap-6">{id ? <EditQuestion id={id} /> : <NewQuestion />}</div>;
}
