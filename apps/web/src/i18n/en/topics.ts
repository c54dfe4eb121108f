/** The topic list with its search and filters, and a topic's page. */
export default {
  'content.updating': 'Updating…',

  'topics.title': 'Topics',
  'topics.intro': 'Learning notes for every exam, from first principles to shortcuts. Filter by category, difficulty or tag.',
  'topics.filters': 'Filter topics',
  'topics.search.label': 'Search topics',
  'topics.search.placeholder': 'Title, summary or content',
  'topics.category.label': 'Category',
  'topics.difficulty.label': 'Difficulty',
  'topics.filter.all': 'All',
  'topics.tags.label': 'Tags',
  'topics.tags.more': 'More tags ({count})',
  'topics.tags.fewer': 'Fewer tags',
  'topics.clearFilters': 'Clear filters',
  'topics.count.one': '1 topic',
  'topics.count.other': '{count} topics',
  'topics.empty.title': 'No topics match your filters',
  'topics.empty.body': 'Try other words, or clear the filters to see every topic.',
  'topics.emptyAll': 'No topics yet. Check back soon.',
  'topics.back': 'Back to topics',
  'topics.loadingArticle': 'Loading topic…',
} as const;
