import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersFromParams, filtersToParams, hasFilters, listQueryString, withFilters } from './question-filters';

describe('question list filters in the URL', () => {
  it('reads every filter and the page', () => {
    const filters = filtersFromParams(new URLSearchParams('search=ratio&category=Quant/Algebra&topic=time-and-work&type=multiple&difficulty=hard&status=draft&tag=SSC&language=hi&page=3'));
    expect(filters).toEqual({ search: 'ratio', category: 'Quant/Algebra', topic: 'time-and-work', type: 'multiple', difficulty: 'hard', status: 'draft', tag: 'ssc', language: 'hi', page: 3 });
  });

  it('falls back to "any" and page 1 for missing or broken values', () => {
    expect(filtersFromParams(new URLSearchParams('type=essay&difficulty=x&status=gone&language=fr&bilingual=yes&page=-2'))).toEqual(EMPTY_FILTERS);
    expect(filtersFromParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only the filters in use, and page 1 not at all', () => {
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersToParams({ ...EMPTY_FILTERS, search: ' time and work ', status: 'published', page: 2 }).toString()).toBe('search=time+and+work&status=published&page=2');
  });

  it('round-trips', () => {
    const filters = { search: 'x', category: 'A/B', topic: 'percentages', type: 'truefalse', difficulty: 'easy', status: 'published', tag: 'gk', language: 'en', page: 4 } as const;
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(filtersFromParams(filtersToParams({ ...filters, language: 'both' }))).toEqual({ ...filters, language: 'both' });
    expect(filtersFromParams(new URLSearchParams('status=archived')).status).toBe('archived');
  });

  it('goes back to page 1 when a filter changes, but not when the page does', () => {
    const onPage3 = { ...EMPTY_FILTERS, page: 3 };
    expect(withFilters(onPage3, { type: 'single' })).toEqual({ ...EMPTY_FILTERS, type: 'single', page: 1 });
    expect(withFilters(onPage3, { page: 4 }).page).toBe(4);
  });

  it('builds the API query with page and page size', () => {
    expect(listQueryString({ ...EMPTY_FILTERS, category: 'Quant' })).toBe('category=Quant&page=1&pageSize=20');
    expect(listQueryString({ ...EMPTY_FILTERS, page: 2 }, 50)).toBe('page=2&pageSize=50');
    expect(listQueryString({ ...EMPTY_FILTERS, topic: 'time-and-work' })).toBe('topic=time-and-work&page=1&pageSize=20');
    // Both languages is the API's `bilingual`; one language its `language`.
    expect(listQueryString({ ...EMPTY_FILTERS, language: 'both' })).toBe('bilingual=true&page=1&pageSize=20');
    expect(listQueryString({ ...EMPTY_FILTERS, language: 'hi' })).toBe('language=hi&page=1&pageSize=20');
  });

  it('knows when the list is narrowed', () => {
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, page: 5 })).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, tag: 'gk' })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, topic: 'percentages' })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, language: 'both' })).toBe(true);
  });
});
