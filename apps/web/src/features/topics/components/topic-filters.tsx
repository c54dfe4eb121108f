import { DIFFICULTIES, TOPIC_CATEGORIES, type Difficulty } from '@abhyas/contracts';
import { SelectField } from '@/components/ui/select-field';
import { t } from '@/i18n/i18n';
import type { TopicSearch } from '../utils/topic-search';
import type { SetTopicSearchOptions } from '../utils/use-topic-search';
import { TagChips } from './tag-chips';
import { TopicSearchBox } from './topic-search-box';

export interface TopicFiltersProps {
  search: TopicSearch;
  /** Tags to offer as chips (those in the results, plus any already chosen). */
  tagOptions: readonly string[];
  /** The first results are on their way: the chips' row is kept for them. */
  tagsLoading?: boolean;
  /** A filter changed: the list goes back to page 1. */
  onChange: (patch: Partial<TopicSearch>, options?: SetTopicSearchOptions) => void;
}

function categoryOptions(current: string | null) {
  // A category editors added, reached by a shared link, is still shown as chosen.
  const categories: string[] = [...TOPIC_CATEGORIES];
  if (current && !categories.includes(current)) categories.push(current);
  return [{ value: '', label: t('topics.filter.all') }, ...categories.map((category) => ({ value: category, label: category }))];
}

function difficultyOptions() {
  return [{ value: '', label: t('topics.filter.all') }, ...DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: t(`difficulty.${difficulty}`) }))];
}

/** Search box, category and difficulty selects, and tag chips for /topics. */
export function TopicFilters({ search, tagOptions, tagsLoading = false, onChange }: TopicFiltersProps) {
  const toggleTag = (tag: string) =>
    onChange({ tags: search.tags.includes(tag) ? search.tags.filter((chosen) => chosen !== tag) : [...search.tags, tag] });

  return (
    <form
      role="search"
      aria-label={t('topics.filters')}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      onSubmit={(event) => {
        // Enter searches at once instead of waiting for the pause.
        event.preventDefault();
        const q = new FormData(event.currentTarget).get('q');
        if (typeof q === 'string' && q.trim() !== search.q) onChange({ q: q.trim() }, { replace: true });
      }}
    >
      {/* Phones: search on its own row, the two selects side by side under it. */}
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:gap-x-4">
        <div className="col-span-2 sm:col-span-1">
          <TopicSearchBox value={search.q} onSearch={(q) => onChange({ q }, { replace: true })} />
        </div>
        <SelectField
          name="category"
          label={t('topics.category.label')}
          value={search.category ?? ''}
          options={categoryOptions(search.category)}
          onChange={(event) => onChange({ category: event.target.value || null })}
        />
        <SelectField
          name="difficulty"
          label={t('topics.difficulty.label')}
          value={search.difficulty ?? ''}
          options={difficultyOptions()}
          onChange={(event) => onChange({ difficulty: (event.target.value || null) as Difficulty | null })}
        />
      </div>
      <TagChips tags={tagOptions} selected={search.tags} loading={tagsLoading} onToggle={toggleTag} />
    </form>
  );
}
