import { ContentList } from '@/components/admin/content-list';
import { ListPageHeader } from '@/components/admin/list-page-header';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteTopic } from '../api/delete-topic';
import { useAdminTopics } from '../api/get-admin-topics';
import { useSetTopicPublished } from '../api/set-topic-published';

/** `/admin/topics` (editors and admins): every topic, drafts included, with Edit, Publish and Delete. */
export function AdminTopicsPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('editor.topics.title')}`);
  const topics = useAdminTopics();
  const setPublished = useSetTopicPublished();
  const deleteTopic = useDeleteTopic();

  return (
    <div className="flex flex-col gap-6">
      <ListPageHeader title={t('editor.topics.title')} intro={t('editor.topics.intro')} newPath="/admin/topics/new" newLabel={t('editor.topics.new')} />
      {topics.isError && (
        <QueryError
          message={errorMessage(topics.error, t('errors.generic'))}
          retryLabel={t('content.retry')}
          onRetry={() => void topics.refetch()}
          retrying={topics.isFetching}
        />
      )}
      {topics.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {topics.data &&
        (topics.data.length > 0 ? (
          <ContentList
            items={topics.data}
            editPath={(id) => `/admin/topics/${id}/edit`}
            onSetPublished={(id, published) => setPublished.mutate({ id, published })}
            onDelete={(id) => deleteTopic.mutateAsync(id)}
            busy={setPublished.isPending || deleteTopic.isPending}
          />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('editor.topics.empty')}
          </p>
        ))}
    </div>
  );
}
