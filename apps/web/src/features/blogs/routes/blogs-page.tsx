import { ContentQueryError } from '@/components/ui/content-query-error';
import { t } from '@/i18n/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBlogs } from '../api/get-blogs';
import { BlogGrid } from '../components/blog-grid';
import { CardSkeletons } from '../components/card-skeletons';

/** `/blogs`: every published blog, newest first. A failed refresh keeps the last list on screen. */
export function BlogsPage() {
  useDocumentTitle(t('blogs.title'));
  const blogs = useBlogs();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 dark:text-white">{t('blogs.title')}</h1>
        <p className="max-w-2xl text-slate-600 dark:text-slate-400">{t('blogs.intro')}</p>
      </header>

      <ContentQueryError query={blogs} />

      {blogs.isPending && (
        <>
          <p role="status" className="sr-only">
            {t('blogs.loading')}
          </p>
          <CardSkeletons count={6} />
        </>
      )}

      {blogs.data &&
        (blogs.data.length > 0 ? (
          <BlogGrid blogs={blogs.data} lead />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            {t('blogs.empty')}
          </p>
        ))}
    </div>
  );
}
