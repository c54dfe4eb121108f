/**
 * The server's clock rules for a timed attempt (docs/PRODUCT.md §8.7). An attempt ends at
 * startedAt + its duration. With locked sections, section i opens when the limits before it have run
 * out and closes when its own has. A save is accepted until its deadline (the section's close for a
 * locked section, else the attempt's end) plus the grace for answers still on their way.
 */
const MINUTE = 60_000;

export type Window = { opensAt: number; closesAt: number };

/** The windows of locked sections, in order, from their time limits in minutes. */
export function sectionWindows(startedAt: number, limitsMinutes: readonly number[]): Window[] {
  let opensAt = startedAt;
  return limitsMinutes.map((limit) => {
    const window = { opensAt, closesAt: opensAt + limit * MINUTE };
    opensAt = window.closesAt;
    return window;
  });
}

export type Timing = {
  endsAt: number | null;
  graceMs: number;
  /** Set for locked sections only. */
  windows: readonly Window[] | null;
};

export type SaveVerdict = { ok: true } | { ok: false; reason: 'attemptClosed' | 'sectionNotOpen' | 'sectionClosed'; at: number };

/** Whether a save to a question of `sectionIndex` is accepted at `now`. */
export function saveVerdict(timing: Timing, sectionIndex: number, now: number): SaveVerdict {
  if (timing.endsAt !== null && now > timing.endsAt + timing.graceMs) return { ok: false, reason: 'attemptClosed', at: timing.endsAt };
  const window = timing.windows?.[sectionIndex];
  if (window) {
    if (now < window.opensAt) return { ok: false, reason: 'sectionNotOpen', at: window.opensAt };
    if (now > window.closesAt + timing.graceMs) return { ok: false, reason: 'sectionClosed', at: window.closesAt };
  }
  return { ok: true };
}

/** Whether the attempt is past its end and its grace: the sweeper submits it. */
export const isOverdue = (timing: Pick<Timing, 'endsAt' | 'graceMs'>, now: number): boolean =>
  timing.endsAt !== null && now > timing.endsAt + timing.graceMs;
