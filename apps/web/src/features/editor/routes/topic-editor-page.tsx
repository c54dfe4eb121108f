import type { AdminTopic } from '@abhyas/contracts';
import { useNavigate, useParams } from 'react-router';
import { EditorPageHeader } from '@/components/admin/editor-page-header';
import { PublishControls } from '@/components/admin/publish-controls';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminTopic } from '../api/get-admin-topic';
import { useSetTopicPublished } from '../api/set-topic-published';
import { TopicForm } from '../components/topic-form';

function NewTopic() {
  useDocumentTitle(t('editor.topics.newTitle'));
  const navigate = useNavigate();
  // Once saved, the draft is edited at its own address (its data is already cached).
  const onCreated = (created: AdminTopic) => void navigate(`/admin/topics/${created.id}/edit`, { replace: true });
  return (
    <>
      <EditorPageHeader backTo="/admin/topics" backLabel={t('editor.topics.back')} title={t('editor.topics.newTitle')} />
      <TopicForm onCreated={onCreated} />
    </>
  );
}

function EditTopic({ id }: { id: string }) {
  useDocumentTitle(t('editor.topics.editTitle'));
  const topic = useAdminTopic(id);
  const setPublished = useSetTopicPublished();

  return (
    <>
      <EditorPageHeader backTo="/admin/topics" backLabel={t('editor.topics.back')} title={t('editor.topics.editTitle')}>
        {topic.data && (
          <PublishControls
            status={topic.data.status}
            viewPath={`/topics/${topic.data.slug}`}
            busy={setPublished.isPending}
            onSetPublished={(published) => setPublished.mutate({ id, published })}
          />
        )}
      </EditorPageHeader>
      {topic.isError && (
        <QueryError
          message={errorMessage(topic.error, t('errors.generic'))}
          retryLabel={t('content.retry')}
          onRetry={isRetryable(topic.error) ? () => void topic.refetch() : undefined}
          retrying={topic.isFetching}
        />
      )}
      {topic.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {/* Keyed by id only: saving keeps the text, cursor and scroll where the editor left them. */}
      {topic.data && <TopicForm key={topic.data.id} topic={topic.data} />}
    </>
  );
}

/** `/admin/topics/new` and `/admin/topics/:id/edit` (editors and admins): the form with its live preview. */
export function TopicEditorPage() {
  const { id } = useParams();
  return <div className="flex flex-col gap-6">{id ? <EditTopic id={id} /> : <NewTopic />}</div>;
}
