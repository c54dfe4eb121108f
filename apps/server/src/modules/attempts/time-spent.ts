import type { Timing } from './deadlines.js';

/**
 * Time spent is what the device measured, capped by the server's clock: each save at the time its
 * question had been open (save-rules.ts), and an attempt's questions together at the time the
 * attempt was open, a locked section's at its window (docs/PRODUCT.md §8.7).
 */
type Timed = { sectionIndex: number; timeSpentMs: number };

/** How long the attempt was open: from its start to its submission, and never past its end. */
export function openSpan(startedAt: number, endsAt: number | null, closedAt: number): number {
  return Math.max(0, Math.min(closedAt, endsAt ?? Number.POSITIVE_INFINITY) - startedAt);
}

/** The factor that brings `total` down to `capMs` at most. */
const factorFor = (total: number, capMs: number) => (total > capMs ? capMs / total : 1);

/**
 * The questions' times as a result counts them, in the same order: each locked section's together at
 * most its window as far as the attempt was open, and all together at most the attempt's open span.
 * Times over a cap are scaled down together, keeping their proportions.
 */
export function cappedTimes<T extends Timed>(lines: readonly T[], timing: Timing, startedAt: number, closedAt: number): T[] {
  const sectionTotals = new Map<number, number>();
  for (const l of lines) sectionTotals.set(l.sectionIndex, (sectionTotals.get(l.sectionIndex) ?? 0) + l.timeSpentMs);
  const sectionFactor = (index: number) => {
    const window = timing.windows?.[index];
    return window ? factorFor(sectionTotals.get(index) ?? 0, Math.max(0, Math.min(window.closesAt, closedAt) - window.opensAt)) : 1;
  };
  const bySection = lines.map((l) => ({ ...l, timeSpentMs: Math.floor(l.timeSpentMs * sectionFactor(l.sectionIndex)) }));
  const factor = factorFor(
    bySection.reduce((sum, l) => sum + l.timeSpentMs, 0),
    openSpan(startedAt, timing.endsAt, closedAt),
  );
  return factor === 1 ? bySection : bySection.map((l) => ({ ...l, timeSpentMs: Math.floor(l.timeSpentMs * factor) }));
}
