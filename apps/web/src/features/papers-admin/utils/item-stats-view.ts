import type { ItemStats } from '@abhyas/contracts';
import { formatFixed } from '@/lib/format';

export type ItemStatsReady = Extract<ItemStats, { status: 'ok' }>;
export type QuestionStats = ItemStatsReady['questions'][number];
/** A question of the analysis with its number in the test (1-based, in the order the server lists them). */
export type QuestionRow = QuestionStats & { number: number };

export type SortKey = 'number' | 'facilityIndex' | 'standardDeviation' | 'discriminationIndex' | 'discriminativeEfficiency' | 'flags';
export type SortDirection = 'ascending' | 'descending';
export type Sort = { key: SortKey; direction: SortDirection };

export const DEFAULT_SORT: Sort = { key: 'number', direction: 'ascending' };

export const numberedRows = (questions: readonly QuestionStats[]): QuestionRow[] => questions.map((q, i) => ({ ...q, number: i + 1 }));

/** How many of the three flags the question raises. */
export const flagCount = (q: QuestionStats): number => Number(q.flags.lowDiscriminativeEfficiency) + Number(q.flags.negativeDiscrimination) + Number(q.flags.likelyMiskey);

const valueOf = (row: QuestionRow, key: SortKey): number | null => (key === 'number' ? row.number : key === 'flags' ? flagCount(row) : row[key]);

/**
 * The rows in the order asked; a figure that could not be computed goes last in either direction,
 * and rows that tie keep the test's order.
 */
export function sortRows(rows: readonly QuestionRow[], sort: Sort): QuestionRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a, sort.key);
    const y = valueOf(b, sort.key);
    if (x === null || y === null) return x === y ? a.number - b.number : x === null ? 1 : -1;
    return (x - y) * sign || a.number - b.number;
  });
}

/**
 * The sort after a column heading is chosen: the same column turns around; another starts where
 * the questions to look at come first (most flags, else the lowest figure).
 */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'flags' ? 'descending' : 'ascending' };
}

/** An option's letter in the question bank's order: A for the first. */
export const optionLetter = (position: number): string => String.fromCharCode(65 + position);

/** A percentage figure such as "45.3%"; null when it could not be computed. */
export const percent = (value: number | null): string | null => (value === null ? null : `${formatFixed(value)}%`);

/** A figure such as "−0.42"; null when it could not be computed. */
export const figure = (value: number | null, digits = 1): string | null => (value === null ? null : formatFixed(value, digits));
