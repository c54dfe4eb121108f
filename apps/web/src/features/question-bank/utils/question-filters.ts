import { QUESTION_DIFFICULTIES, QUESTION_LANGUAGES, QUESTION_STATUSES, QUESTION_TYPES, type QuestionLanguage, type QuestionType } from '@abhyas/contracts';

export type QuestionDifficulty = (typeof QUESTION_DIFFICULTIES)[number];
/** Drafts, published questions, or archived ones (the list leaves those out unless asked for them). */
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
/** A language the question can be read in, or `both`: the questions in English and Hindi. */
export type LanguageFilter = QuestionLanguage | 'both';
export const QUESTIONS_PAGE_SIZE = 20;

/** The question list's filters, as kept in the address bar; '' means "any". */
export interface QuestionFilters {
  search: string;
  category: string;
  /** A learning topic's slug. */
  topic: string;
  type: QuestionType | '';
  difficulty: QuestionDifficulty | '';
  status: QuestionStatus | '';
  tag: string;
  language: LanguageFilter | '';
  page: number;
}

export const EMPTY_FILTERS: QuestionFilters = { search: '', category: '', topic: '', type: '', difficulty: '', status: '', tag: '', language: '', page: 1 };

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/** Reads the filters from a query string; unknown or broken values fall back to "any" / page 1. */
export function filtersFromParams(params: URLSearchParams): QuestionFilters {
  const page = Number(params.get('page'));
  return {
    search: params.get('search')?.trim() ?? '',
    category: params.get('category')?.trim() ?? '',
    topic: params.get('topic')?.trim() ?? '',
    type: oneOf(QUESTION_TYPES, params.get('type')),
    difficulty: oneOf(QUESTION_DIFFICULTIES, params.get('difficulty')),
    status: oneOf(QUESTION_STATUSES, params.get('status')),
    tag: params.get('tag')?.trim().toLowerCase() ?? '',
    // The API's two parameters, as the one choice the list offers.
    language: params.get('bilingual') === 'true' ? 'both' : oneOf(QUESTION_LANGUAGES, params.get('language')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The filters as a query string for the address bar: empty filters and page 1 are left out. */
export function filtersToParams(filters: QuestionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['search', 'category', 'topic', 'type', 'difficulty', 'status', 'tag'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (filters.language === 'both') params.set('bilingual', 'true');
  else if (filters.language) params.set('language', filters.language);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Changes some filters; any change other than the page starts again at page 1. */
export function withFilters(filters: QuestionFilters, patch: Partial<QuestionFilters>): QuestionFilters {
  return { ...filters, ...patch, page: patch.page ?? 1 };
}

/** The API's query string for one page of the list (GET /api/admin/questions). */
export function listQueryString(filters: QuestionFilters, pageSize = QUESTIONS_PAGE_SIZE): string {
  const params = filtersToParams(filters);
  params.set('page', String(filters.page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

/** True when any filter narrows the list (for the "no match" versus "bank is empty" message). */
export function hasFilters(filters: QuestionFilters): boolean {
  return Boolean(filters.search || filters.category || filters.topic || filters.type || filters.difficulty || filters.status || filters.tag || filters.language);
}
