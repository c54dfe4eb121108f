import type { AdminBlog } from '@abhyas/contracts';
import { useNavigate, useParams } from 'react-router';
import { EditorPageHeader } from '@/components/admin/editor-page-header';
import { PublishControls } from '@/components/admin/publish-controls';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { isRetryable } from '@/lib/content-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminBlog } from '../api/get-admin-blog';
import { useSetBlogPublished } from '../api/set-blog-published';
import { BlogForm } from '../components/blog-form';

function NewBlog() {
  useDocumentTitle(t('editor.blogs.newTitle'));
  const navigate = useNavigate();
  // Once saved, the draft is edited at its own address (its data is already cached).
  const onCreated = (created: AdminBlog) => void navigate(`/admin/blogs/${created.id}/edit`, { replace: true });
  return (
    <>
      <EditorPageHeader backTo="/admin/blogs" backLabel={t('editor.blogs.back')} title={t('editor.blogs.newTitle')} />
      <BlogForm onCreated={onCreated} />
    </>
  );
}

function EditBlog({ id }: { id: string }) {
  useDocumentTitle(t('editor.blogs.editTitle'));
  const blog = useAdminBlog(id);
  const setPublished = useSetBlogPublished();

  return (
    <>
      <EditorPageHeader backTo="/admin/blogs" backLabel={t('editor.blogs.back')} title={t('editor.blogs.editTitle')}>
        {blog.data && (
          <PublishControls
            status={blog.data.status}
            viewPath={`/blogs/${blog.data.slug}`}
            busy={setPublished.isPending}
            onSetPublished={(published) => setPublished.mutate({ id, published })}
          />
        )}
      </EditorPageHeader>
      {blog.isError && (
        <QueryError
          message={errorMessage(blog.error, t('errors.generic'))}
          retryLabel={t('content.retry')}
          onRetry={isRetryable(blog.error) ? () => void blog.refetch() : undefined}
          retrying={blog.isFetching}
        />
      )}
      {blog.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {/* Keyed by id only: saving keeps the text, cursor and scroll where the editor left them. */}
      {blog.data && <BlogForm key={blog.data.id} blog={blog.data} />}
    </>
  );
}

/** `/admin/blogs/new` and `/admin/blogs/:id/edit` (editors and admins): the form with its live preview. */
export function BlogEditorPage() {
  const { id } = useParams();
  return <div className="flex flex-col gap-6">{id ? <EditBlog id={id} /> : <NewBlog />}</div>;
}
