import type { ItemStats } from '@abhyas/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, flagCount, nextSort, numberedRows, optionLetter, percent, sortRows, type QuestionStats } from './item-stats-view';

type Ready = Extract<ItemStats, { status: 'ok' }>;

const question = (questionId: string, figures: Partial<QuestionStats> = {}): Ready['questions'][number] => ({
  questionId,
  label: questionId,
  attempts: 30,
  meanMark: 1,
  facilityIndex: 50,
  standardDeviation: 40,
  discriminationIndex: 30,
  discriminativeEfficiency: 40,
  options: [],
  noAnswer: { count: 0, share: 0 },
  upperGroupSize: 10,
  lowerGroupSize: 10,
  flags: { lowDiscriminativeEfficiency: false, negativeDiscrimination: false, likelyMiskey: false },
  likelyMiskeyOption: null,
  ...figures,
});

const rows = numberedRows([
  question('q1', { facilityIndex: 80, discriminationIndex: 20 }),
  question('q2', { facilityIndex: 20, discriminationIndex: null, flags: { lowDiscriminativeEfficiency: true, negativeDiscrimination: true, likelyMiskey: false } }),
  question('q3', { facilityIndex: 50, discriminationIndex: -10, flags: { lowDiscriminativeEfficiency: false, negativeDiscrimination: true, likelyMiskey: false } }),
  question('q4', { facilityIndex: 50, discriminationIndex: 45 }),
]);
const ids = (list: { questionId: string }[]) => list.map((q) => q.questionId);

describe('sorting the questions', () => {
  it('numbers them in the order given and starts in that order', () => {
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 4]);
    expect(ids(sortRows(rows, DEFAULT_SORT))).toEqual(['q1', 'q2', 'q3', 'q4']);
  });

  it('sorts by a figure either way, ties in test order, missing figures last both ways', () => {
    expect(ids(sortRows(rows, { key: 'facilityIndex', direction: 'ascending' }))).toEqual(['q2', 'q3', 'q4', 'q1']);
    expect(ids(sortRows(rows, { key: 'facilityIndex', direction: 'descending' }))).toEqual(['q1', 'q3', 'q4', 'q2']);
    expect(ids(sortRows(rows, { key: 'discriminationIndex', direction: 'ascending' }))).toEqual(['q3', 'q1', 'q4', 'q2']);
    expect(ids(sortRows(rows, { key: 'discriminationIndex', direction: 'descending' }))).toEqual(['q4', 'q1', 'q3', 'q2']);
    expect(ids(sortRows(rows, { key: 'flags', direction: 'descending' }))).toEqual(['q2', 'q3', 'q1', 'q4']);
  });

  it('turns a column around when chosen again; a new column starts with what needs a look first', () => {
    expect(nextSort(DEFAULT_SORT, 'number')).toEqual({ key: 'number', direction: 'descending' });
    expect(nextSort(DEFAULT_SORT, 'discriminationIndex')).toEqual({ key: 'discriminationIndex', direction: 'ascending' });
    expect(nextSort(DEFAULT_SORT, 'flags')).toEqual({ key: 'flags', direction: 'descending' });
    expect(flagCount(rows[1]!)).toBe(2);
  });
});

describe('figures', () => {
  it('names options by letter in bank order and writes percentages with one decimal', () => {
    expect([0, 1, 5].map(optionLetter)).toEqual(['A', 'B', 'F']);
    expect(percent(45.26)).toBe('45.3%');
    expect(percent(-12.04)).toBe('−12.0%');
    expect(percent(null)).toBeNull();
  });
});
