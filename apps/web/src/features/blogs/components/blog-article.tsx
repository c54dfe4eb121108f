import type { Blog } from '@abhyas/contracts';
import { Prose } from '@/components/ui/prose';
import { t } from '@/i18n/i18n';
import { formatDate, formatReadingTime } from '@/lib/format';
import { BlogCover } from './blog-cover';

/**
 * A whole blog post: title, author, date, reading time, tags, cover and the rendered content. The
 * title and content carry the blog's language, which may not be the one the reader chose.
 */
export function BlogArticle({ blog }: { blog: Blog }) {
  return (
    <article className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 lang={blog.language} className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
          {blog.title}
        </h1>
        <p className="flex flex-wrap gap-x-2 text-slate-600 dark:text-slate-400">
          <span>{t('content.byAuthor', { author: blog.author })}</span>
          {blog.publishedAt && (
            <>
              <span aria-hidden="true">·</span>
              <time dateTime={blog.publishedAt}>{formatDate(blog.publishedAt)}</time>
            </>
          )}
          <span aria-hidden="true">·</span>
          <span>{formatReadingTime(blog.readingTimeMinutes)}</span>
        </p>
        {blog.tags.length > 0 && (
          <ul aria-label={t('content.tags')} className="flex flex-wrap gap-2">
            {blog.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-200/70 px-2.5 py-0.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                #{tag}
              </li>
            ))}
          </ul>
        )}
      </header>
      {blog.coverImageUrl && <BlogCover url={blog.coverImageUrl} lazy={false} className="rounded-2xl" />}
      <Prose html={blog.contentHtml} lang={blog.language} />
    </article>
  );
}
