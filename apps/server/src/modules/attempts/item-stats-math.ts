/** The sample statistics item analysis is built from (`item-stats.ts`). Pure: no database. */

export const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);

/** Rounding leaves a ratio that is zero a few units off it; such a ratio is 0, so it raises no flag. */
const ROUNDING = 1e-12;
export const ratio = (numerator: number, denominator: number): number | null => {
  const value = finite(numerator / denominator);
  return value !== null && Math.abs(value) < ROUNDING ? 0 : value;
};

export const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

export const mean = (values: readonly number[]): number => sum(values) / values.length;

export const varies = (values: readonly number[]): boolean => values.some((value) => value !== values[0]);

/** Σ (a − ā)(b − b̄) over paired lists of equal length. */
export const sumOfProducts = (a: readonly number[], b: readonly number[]): number => {
  const aMean = mean(a);
  const bMean = mean(b);
  return a.reduce((total, value, index) => total + (value - aMean) * ((b[index] ?? bMean) - bMean), 0);
};

export const ascending = (values: readonly number[]): number[] => Array.from(Float64Array.from(values).sort());

/** Sample variance (denominator n − 1); 0 for fewer than two values or values that do not vary. */
export const sampleVariance = (values: readonly number[]): number =>
  values.length < 2 || !varies(values) ? 0 : sumOfProducts(values, values) / (values.length - 1);

export const median = (values: readonly number[]): number | null => {
  const sorted = ascending(values);
  const middle = Math.floor(sorted.length / 2);
  const high = sorted[middle];
  if (high === undefined) return null;
  return sorted.length % 2 === 1 ? high : ((sorted[middle - 1] ?? high) + high) / 2;
};
