import { CONTENT_LIMITS, DIFFICULTIES, type Difficulty, type TopicFilter } from '@abhyas/contracts';

/** The /topics view as the address bar holds it: `?q=&category=&difficulty=&tags=a,b&page=`. */
export interface TopicSearch {
  q: string;
  category: string | null;
  difficulty: Difficulty | null;
  tags: string[];
  page: number;
}

export const EMPTY_TOPIC_SEARCH: TopicSearch = { q: '', category: null, difficulty: null, tags: [], page: 1 };

/** Topics per page: a multiple of 1, 2 and 3, so every grid row is full. */
export const TOPIC_PAGE_SIZE = 12;
const MAX_PAGE = 10_000;

/** Tags from "a, b,,C": trimmed, lower-cased, de-duplicated, too-long ones dropped, at most the API's limit. */
export function parseTagList(text: string | null | undefined): string[] {
  if (!text) return [];
  const tags = text
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag !== '' && tag.length <= CONTENT_LIMITS.tagMax);
  return [...new Set(tags)].slice(0, CONTENT_LIMITS.tagsMax);
}

function parseDifficulty(value: string | null): Difficulty | null {
  const wanted = value?.trim().toLowerCase();
  return DIFFICULTIES.find((difficulty) => difficulty.toLowerCase() === wanted) ?? null;
}

function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/**
 * Reads the view from a query string. Anything the API would refuse is dropped rather than sent
 * (an unknown difficulty, page 0, a 500-character category), so a mangled shared link still opens.
 */
export function parseTopicSearch(params: URLSearchParams): TopicSearch {
  const category = params.get('category')?.trim() ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, CONTENT_LIMITS.searchMax),
    category: category !== '' && category.length <= CONTENT_LIMITS.categoryMax ? category : null,
    difficulty: parseDifficulty(params.get('difficulty')),
    tags: parseTagList(params.getAll('tags').join(',')),
    page: parsePage(params.get('page')),
  };
}

/** The query string for a view (no leading "?"), leaving out defaults; tags read `a,b`, not `a%2Cb`. */
export function topicSearchToString(search: TopicSearch): string {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set('q', search.q.trim());
  if (search.category) params.set('category', search.category);
  if (search.difficulty) params.set('difficulty', search.difficulty);
  if (search.tags.length > 0) params.set('tags', search.tags.join(','));
  if (search.page > 1) params.set('page', String(search.page));
  return params.toString().replace(/%2C/gi, ',');
}

/** The body for POST /topics/all: only the keys the strict filter schema accepts, blanks left out. */
export function toTopicFilter(search: TopicSearch, pageSize: number = TOPIC_PAGE_SIZE): TopicFilter {
  return {
    ...(search.q.trim() ? { search: search.q.trim() } : {}),
    ...(search.category ? { category: search.category } : {}),
    ...(search.difficulty ? { difficulty: search.difficulty } : {}),
    ...(search.tags.length > 0 ? { tags: search.tags } : {}),
    page: search.page,
    pageSize,
  };
}

/** True when any filter narrows the list (the page number does not count). */
export function hasTopicFilters(search: TopicSearch): boolean {
  return search.q.trim() !== '' || search.category !== null || search.difficulty !== null || search.tags.length > 0;
}

/** Pages needed for `total` results; at least one, so "Page 1 of 1" reads right when empty. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
