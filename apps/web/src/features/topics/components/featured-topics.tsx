import type { TopicListItem } from '@abhyas/contracts';
import { ContentQueryError } from '@/components/ui/content-query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { useAllTopics } from '../api/get-all-topics';
import { TopicGrid } from './topic-grid';

const FEATURED = 6;
const firstFew = (topics: TopicListItem[]) => topics.slice(0, FEATURED);

/** Home page section: the first six topics (in the editors' order); hidden when there are none. */
export function FeaturedTopics() {
  const topics = useAllTopics(firstFew);
  if (topics.data?.length === 0) return null;

  return (
    <section aria-labelledby="featured-topics-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="featured-topics-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t('topics.featured.title')}
        </h2>
        <TextLink to="/topics">{t('topics.featured.all')}</TextLink>
      </div>
      <ContentQueryError query={topics} />
      {topics.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('topics.loading')}
        </p>
      )}
      {topics.data && <TopicGrid topics={topics.data} headingLevel={3} />}
    </section>
  );
}
