import { topicFilterSchema } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_TOPIC_SEARCH,
  hasTopicFilters,
  pageCount,
  parseTagList,
  parseTopicSearch,
  toTopicFilter,
  topicSearchToString,
  type TopicSearch,
} from './topic-search';

const parse = (query: string) => parseTopicSearch(new URLSearchParams(query));

describe('topic search in the URL', () => {
  it('reads every filter', () => {
    expect(parse('q=interest&category=Banking&difficulty=Intermediate&tags=ssc,algebra&page=3')).toEqual({
      q: 'interest',
      category: 'Banking',
      difficulty: 'Intermediate',
      tags: ['ssc', 'algebra'],
      page: 3,
    });
  });

  it('reads an empty query string as no filters on page 1', () => {
    expect(parse('')).toEqual(EMPTY_TOPIC_SEARCH);
  });

  it('round-trips: string → view → string → view', () => {
    const views: TopicSearch[] = [
      EMPTY_TOPIC_SEARCH,
      { q: 'compound interest', category: 'Artificial Intelligence', difficulty: 'Advanced', tags: ['a', 'b-c'], page: 2 },
      { q: 'a&b=c?d #e', category: 'R&D / Misc', difficulty: null, tags: ['x'], page: 1 },
      { q: '', category: null, difficulty: 'Beginner', tags: [], page: 10_000 },
    ];
    for (const view of views) {
      const query = topicSearchToString(view);
      expect(parse(query), query).toEqual(view);
      expect(topicSearchToString(parse(query))).toBe(query);
    }
  });

  it('writes readable, minimal query strings', () => {
    expect(topicSearchToString(EMPTY_TOPIC_SEARCH)).toBe('');
    expect(topicSearchToString({ ...EMPTY_TOPIC_SEARCH, tags: ['ssc', 'algebra'] })).toBe('tags=ssc,algebra');
    expect(topicSearchToString({ ...EMPTY_TOPIC_SEARCH, q: '  time and work ', page: 1 })).toBe('q=time+and+work');
    expect(topicSearchToString({ ...EMPTY_TOPIC_SEARCH, category: 'SSC', page: 4 })).toBe('category=SSC&page=4');
  });

  it('ignores values the API would refuse', () => {
    expect(parse('difficulty=Expert')).toEqual(EMPTY_TOPIC_SEARCH);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=99999999').page).toBe(1);
    expect(parse(`category=${'x'.repeat(61)}`).category).toBeNull();
    expect(parse('category=%20%20').category).toBeNull();
    expect(parse(`q=${'y'.repeat(150)}`).q).toHaveLength(100);
  });

  it('accepts a difficulty in any letter case', () => {
    expect(parse('difficulty=beginner').difficulty).toBe('Beginner');
  });

  it('reads tags written with %2C or as repeated parameters', () => {
    expect(parse('tags=ssc%2Calgebra').tags).toEqual(['ssc', 'algebra']);
    expect(parse('tags=ssc&tags=algebra').tags).toEqual(['ssc', 'algebra']);
  });
});

describe('parseTagList', () => {
  it('trims, lower-cases, drops blanks and duplicates', () => {
    expect(parseTagList(' SSC , algebra,,ssc, ,Algebra ')).toEqual(['ssc', 'algebra']);
  });

  it('is empty for nothing', () => {
    expect(parseTagList('')).toEqual([]);
    expect(parseTagList(null)).toEqual([]);
    expect(parseTagList(' , ,')).toEqual([]);
  });

  it('drops over-long tags and keeps at most ten', () => {
    expect(parseTagList(`ok,${'t'.repeat(41)}`)).toEqual(['ok']);
    const many = Array.from({ length: 14 }, (_, i) => `tag${i}`).join(',');
    expect(parseTagList(many)).toHaveLength(10);
  });
});

describe('toTopicFilter', () => {
  it('sends only the filters in use, and passes the strict API schema', () => {
    const filter = toTopicFilter({ q: ' gst ', category: 'SSC', difficulty: null, tags: [], page: 2 }, 12);
    expect(filter).toEqual({ search: 'gst', category: 'SSC', page: 2, pageSize: 12 });
    expect(topicFilterSchema.safeParse(filter).success).toBe(true);
  });

  it('passes the schema with every filter set', () => {
    const filter = toTopicFilter(parse('q=x&category=UPSC&difficulty=Advanced&tags=a,b&page=3'));
    expect(Object.keys(filter).sort()).toEqual(['category', 'difficulty', 'page', 'pageSize', 'search', 'tags']);
    expect(topicFilterSchema.safeParse(filter).success).toBe(true);
  });
});

describe('hasTopicFilters and pageCount', () => {
  it('does not count the page as a filter', () => {
    expect(hasTopicFilters({ ...EMPTY_TOPIC_SEARCH, page: 3 })).toBe(false);
    expect(hasTopicFilters({ ...EMPTY_TOPIC_SEARCH, tags: ['a'] })).toBe(true);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });
});
