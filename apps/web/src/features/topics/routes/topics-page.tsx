import type { TopicPage } from '@abhyas/contracts';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ContentQueryError } from '@/components/ui/content-query-error';
import { cx } from '@/components/ui/cx';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFilteredTopics } from '../api/filter-topics';
import { TopicFilters } from '../components/topic-filters';
import { TopicGrid } from '../components/topic-grid';
import { EMPTY_TOPIC_SEARCH, hasTopicFilters, pageCount, toTopicFilter, type TopicSearch } from '../utils/topic-search';
import { useTopicSearch, type SetTopicSearchOptions } from '../utils/use-topic-search';

// The chips offer the tags of the topics on screen, most used first, after any already chosen
// (so they can be un-chosen even when no result carries them any more).
function tagsOf(result: TopicPage | undefined, chosen: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const topic of result?.data ?? []) for (const tag of topic.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const others = [...counts.keys()].filter((tag) => !chosen.includes(tag));
  others.sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b));
  return [...chosen, ...others];
}

/** `/topics`: search and filter the topics; the view lives in the query string (`?q=&category=…&page=`). */
export function TopicsPage() {
  useDocumentTitle(t('topics.title'));
  const { search, setSearch } = useTopicSearch();
  const filter = useMemo(() => toTopicFilter(search), [search]);
  const topics = useFilteredTopics(filter);
  // The last results fetched stay on screen while the next ones load (keepPreviousData) and also
  // when they fail (docs/PRODUCT.md §6.3), with the error above them.
  const [lastResult, setLastResult] = useState<TopicPage | undefined>(undefined);
  if (topics.data && !topics.isPlaceholderData && topics.data !== lastResult) setLastResult(topics.data);
  const result = topics.data ?? lastResult;
  const tagOptions = useMemo(() => tagsOf(result, search.tags), [result, search.tags]);

  const change = (patch: Partial<TopicSearch>, options?: SetTopicSearchOptions) => setSearch({ ...search, page: 1, ...patch }, options);
  const clear = () => setSearch(EMPTY_TOPIC_SEARCH);
  const pages = result ? pageCount(result.total, result.pageSize) : 1;
  // Results on screen are not for the current filters yet: dimmed and marked busy.
  const waiting = topics.isPlaceholderData || (topics.isPending && result !== undefined);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 dark:text-white">{t('topics.title')}</h1>
        <p className="max-w-2xl text-slate-600 dark:text-slate-400">{t('topics.intro')}</p>
      </header>

      <TopicFilters search={search} tagOptions={tagOptions} tagsLoading={!result && topics.isPending} onChange={change} />

      <div className="-my-2 flex min-h-11 flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <p role="status" className="mr-auto">
          {!result
            ? topics.isPending && t('topics.loading')
            : result.total === 1
              ? t('topics.count.one')
              : t('topics.count.other', { count: result.total })}
        </p>
        {topics.isFetching && result !== undefined && (
          <span className="flex items-center gap-2">
            <Spinner className="size-4" />
            {t('content.updating')}
          </span>
        )}
        {hasTopicFilters(search) && (
          <Button variant="ghost" className="px-3 text-sm underline underline-offset-4" onClick={clear}>
            {t('topics.clearFilters')}
          </Button>
        )}
      </div>

      <ContentQueryError query={topics} />

      {result &&
        (result.data.length > 0 ? (
          <div aria-busy={waiting} className={cx('transition-opacity', waiting && 'opacity-60')}>
            <TopicGrid topics={result.data} />
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center dark:border-slate-700">
            {hasTopicFilters(search) ? (
              <>
                <p className="text-lg font-semibold text-slate-900 dark:text-white">{t('topics.empty.title')}</p>
                <p className="text-slate-600 dark:text-slate-400">{t('topics.empty.body')}</p>
                <Button variant="secondary" onClick={clear}>
                  {t('topics.clearFilters')}
                </Button>
              </>
            ) : (
              <p className="text-slate-600 dark:text-slate-400">{t('topics.emptyAll')}</p>
            )}
          </div>
        ))}

      {result && (pages > 1 || search.page > 1) && (
        <Pagination page={search.page} pages={pages} busy={waiting} onPage={(page) => setSearch({ ...search, page }, { resetScroll: true })} />
      )}
    </div>
  );
}
