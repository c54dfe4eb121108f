import { ContentList } from '@/components/admin/content-list';
import { ListPageHeader } from '@/components/admin/list-page-header';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteBlog } from '../api/delete-blog';
import { useAdminBlogs } from '../api/get-admin-blogs';
import { useSetBlogPublished } from '../api/set-blog-published';

/** `/admin/blogs` (editors and admins): every blog, drafts included, with Edit, Publish and Delete. */
export function AdminBlogsPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('editor.blogs.title')}`);
  const blogs = useAdminBlogs();
  const setPublished = useSetBlogPublished();
  const deleteBlog = useDeleteBlog();

  return (
    <div className="flex flex-col gap-6">
      <ListPageHeader title={t('editor.blogs.title')} intro={t('editor.blogs.intro')} newPath="/admin/blogs/new" newLabel={t('editor.blogs.new')} />
      {blogs.isError && (
        <QueryError
          message={errorMessage(blogs.error, t('errors.generic'))}
          retryLabel={t('content.retry')}
          onRetry={() => void blogs.refetch()}
          retrying={blogs.isFetching}
        />
      )}
      {blogs.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {blogs.data &&
        (blogs.data.length > 0 ? (
          <ContentList
            items={blogs.data}
            editPath={(id) => `/admin/blogs/${id}/edit`}
            onSetPublished={(id, published) => setPublished.mutate({ id, published })}
            onDelete={(id) => deleteBlog.mutateAsync(id)}
            busy={setPublished.isPending || deleteBlog.isPending}
          />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('editor.blogs.empty')}
          </p>
        ))}
    </div>
  );
}
