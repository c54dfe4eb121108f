import { describe, expect, it } from 'vitest';
import { topicOptions } from './topic-options';

const topics = [
  { id: 't1', slug: 'time-and-work', title: 'Time and work', status: 'published' as const },
  { id: 't2', slug: 'averages', title: 'averages', status: 'draft' as const },
  { id: 't3', slug: 'percentages', title: 'Percentages', status: 'published' as const },
];

describe('topicOptions', () => {
  it('lists topics by title, whatever the case, marking drafts', () => {
    expect(topicOptions(topics, 'id', '')).toEqual([
      { value: 't2', label: 'averages (draft)' },
      { value: 't3', label: 'Percentages' },
      { value: 't1', label: 'Time and work' },
    ]);
    expect(topicOptions(topics, 'slug', '').map((o) => o.value)).toEqual(['averages', 'percentages', 'time-and-work']);
  });

  it('keeps a chosen topic the list does not hold, under its known title or its value', () => {
    expect(topicOptions([], 'id', 't9', { id: 't9', slug: 'ratios', title: 'Ratios' })).toEqual([{ value: 't9', label: 'Ratios' }]);
    expect(topicOptions([], 'slug', 'ratios')).toEqual([{ value: 'ratios', label: 'ratios' }]);
    expect(topicOptions(topics, 'slug', 'ratios')[0]).toEqual({ value: 'ratios', label: 'ratios' });
  });
});
