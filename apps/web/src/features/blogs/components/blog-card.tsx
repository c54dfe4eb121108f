import type { BlogListItem } from '@abhyas/contracts';
import { Link } from 'react-router';
import { formatDate, formatReadingTime } from '@/lib/format';
import { BlogCover } from './blog-cover';

/** A blog in a list: cover (loaded as it nears the screen unless `lazyCover` is false), title (the link), excerpt, date and reading time. */
export function BlogCard({ blog, headingLevel = 2, lazyCover = true }: { blog: BlogListItem; headingLevel?: 2 | 3; lazyCover?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <BlogCover url={blog.coverImageUrl} lazy={lazyCover} />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-lg leading-snug font-bold text-slate-900 dark:text-white">
          {/* The link's box covers the whole card, so the card is one big tap target. */}
          <Link to={`/blogs/${blog.slug}`} className="rounded after:absolute after:inset-0 hover:text-indigo-700 dark:hover:text-indigo-300">
            {blog.title}
          </Link>
        </Heading>
        {blog.excerpt && <p className="line-clamp-3 leading-7 text-slate-600 dark:text-slate-400">{blog.excerpt}</p>}
        <p className="mt-auto flex flex-wrap gap-x-2 pt-2 text-sm text-slate-600 dark:text-slate-400">
          {blog.publishedAt && (
            <>
              <time dateTime={blog.publishedAt}>{formatDate(blog.publishedAt)}</time>
              <span aria-hidden="true">·</span>
            </>
          )}
          <span>{formatReadingTime(blog.readingTimeMinutes)}</span>
        </p>
      </div>
    </article>
  );
}
