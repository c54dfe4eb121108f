import type { BlogListItem } from '@abhyas/contracts';
import { ContentQueryError } from '@/components/ui/content-query-error';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { useBlogs } from '../api/get-blogs';
import { BlogGrid } from './blog-grid';
import { CardSkeletons } from './card-skeletons';

const LATEST = 3;
const newest = (blogs: BlogListItem[]) => blogs.slice(0, LATEST);

/** Home page section: the three newest blogs (the list is already newest first); hidden when there are none. */
export function LatestBlogs() {
  const blogs = useBlogs(newest);
  if (blogs.data?.length === 0) return null;

  return (
    <section aria-labelledby="latest-blogs-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="latest-blogs-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t('blogs.latest.title')}
        </h2>
        <TextLink to="/blogs">{t('blogs.latest.all')}</TextLink>
      </div>
      <ContentQueryError query={blogs} />
      {blogs.isPending && (
        <>
          <p role="status" className="sr-only">
            {t('blogs.loading')}
          </p>
          <CardSkeletons count={LATEST} />
        </>
      )}
      {blogs.data && <BlogGrid blogs={blogs.data} headingLevel={3} />}
    </section>
  );
}
