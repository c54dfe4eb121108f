/**
 * The server's clock rules for a timed attempt (docs/PRODUCT.md §8.7). An attempt ends at
 * startedAt + its duration (grown by its compensatory time, §8.11: accommodation.ts). With locked
 * sections, section i opens when the limits before it have run out and closes when its own has. A
 * save is accepted until its deadline (the section's close for a locked section, else the attempt's
 * end), and within the grace after it only when it was made before.
 */
import { sectionTimeMs } from './accommodation.js';

export type Window = { opensAt: number; closesAt: number };

/** The windows of locked sections, in order, from their time limits in minutes, each grown by the attempt's compensatory time (extra minutes per hour). */
export function sectionWindows(startedAt: number, limitsMinutes: readonly number[], extraMinutesPerHour = 0): Window[] {
  let opensAt = startedAt;
  return limitsMinutes.map((limit) => {
    const window = { opensAt, closesAt: opensAt + sectionTimeMs(limit, extraMinutesPerHour) };
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

export type SaveVerdict =
  | { ok: true; /** Arrived past its deadline, within the grace. */ late: boolean }
  | { ok: false; reason: 'attemptClosed' | 'sectionNotOpen' | 'sectionClosed'; at: number };

/**
 * Whether a save to a question of `sectionIndex` arriving at `now` is accepted. Until the deadline
 * (the attempt's end, and a locked section's close) every save is. Past it, the grace is for saves
 * still on their way, not for more time: one is accepted within the grace only when the device says
 * it made it (`claimedAt`, in server time) at or before the deadline. A claim is never trusted
 * beyond the grace, so a client that lies about its time gains the grace at most.
 */
export function saveVerdict(timing: Timing, sectionIndex: number, now: number, claimedAt: number | null = null): SaveVerdict {
  const { endsAt, graceMs } = timing;
  const inTime = (deadline: number) => now <= deadline || (now <= deadline + graceMs && claimedAt !== null && claimedAt <= deadline);
  if (endsAt !== null && now > endsAt + graceMs) return { ok: false, reason: 'attemptClosed', at: endsAt };
  const window = timing.windows?.[sectionIndex];
  if (window && now < window.opensAt) return { ok: false, reason: 'sectionNotOpen', at: window.opensAt };
  if (endsAt !== null && !inTime(endsAt)) return { ok: false, reason: 'attemptClosed', at: endsAt };
  if (window && !inTime(window.closesAt)) return { ok: false, reason: 'sectionClosed', at: window.closesAt };
  return { ok: true, late: (endsAt !== null && now > endsAt) || (window !== undefined && now > window.closesAt) };
}

/** Whether a locked section's questions are delivered at `now`: only while it is open. Every section is when none is locked. */
export function isDelivered(timing: Pick<Timing, 'windows'>, sectionIndex: number, now: number): boolean {
  const window = timing.windows?.[sectionIndex];
  return !window || (window.opensAt <= now && now < window.closesAt);
}

/**
 * The most time a save may report for a question of `sectionIndex` at `now`: how long the question
 * has been open (its locked section's window, else the attempt from its start), up to the deadline.
 */
export function timeSpentCap(timing: Timing, startedAt: number, sectionIndex: number, now: number): number {
  const window = timing.windows?.[sectionIndex];
  const from = window ? window.opensAt : startedAt;
  const until = Math.min(now, window ? window.closesAt : Number.POSITIVE_INFINITY, timing.endsAt ?? Number.POSITIVE_INFINITY);
  return Math.max(0, until - from);
}

/** Whether the attempt is past its end and its grace: the sweeper submits it. */
export const isOverdue = (timing: Pick<Timing, 'endsAt' | 'graceMs'>, now: number): boolean =>
  timing.endsAt !== null && now > timing.endsAt + timing.graceMs;
