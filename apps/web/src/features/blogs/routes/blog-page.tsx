import { useParams } from 'react-router';
import { ContentQueryError } from '@/components/ui/content-query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { isRetryable } from '@/lib/content-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFontReady } from '@/lib/use-font-ready';
import { useBlog } from '../api/get-blog';
import { BlogArticle } from '../components/blog-article';

/** `/blogs/:slug`: one blog post; an unknown slug shows the API's "Blog not found". */
export function BlogPage() {
  const { slug = '' } = useParams();
  const blog = useBlog(slug);
  useDocumentTitle(blog.data?.title ?? t('blogs.title'));
  // A post in Hindi is laid out once its Devanagari face is in, so it never shifts when the face arrives.
  const fontReady = useFontReady(blog.data?.language);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <TextLink to="/blogs" className="self-start">
        <span aria-hidden="true">← </span>
        {t('blogs.back')}
      </TextLink>

      <ContentQueryError query={blog} retryable={isRetryable(blog.error)} />

      {(blog.isPending || (blog.data && !fontReady)) && (
        <p role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('blogs.loadingArticle')}
        </p>
      )}

      {blog.data && fontReady && <BlogArticle blog={blog.data} />}
    </div>
  );
}
