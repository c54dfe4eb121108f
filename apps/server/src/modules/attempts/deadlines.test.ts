import { describe, expect, it } from 'vitest';
import { isDelivered, isOverdue, saveVerdict, sectionWindows, timeSpentCap } from './deadlines.js';

const MIN = 60_000;
const start = 1_000_000;

describe('deadlines', () => {
  it('opens each locked section when the limits before it have run out', () => {
    expect(sectionWindows(start, [20, 20, 20])).toEqual([
      { opensAt: start, closesAt: start + 20 * MIN },
      { opensAt: start + 20 * MIN, closesAt: start + 40 * MIN },
      { opensAt: start + 40 * MIN, closesAt: start + 60 * MIN },
    ]);
  });

  it('accepts saves until the end, and within the grace only those made before the end', () => {
    const timing = { endsAt: start + 60 * MIN, graceMs: 60_000, windows: null };
    const end = start + 60 * MIN;
    expect(saveVerdict(timing, 0, end)).toEqual({ ok: true, late: false });
    expect(saveVerdict(timing, 0, end + MIN, end - 5_000)).toEqual({ ok: true, late: true });
    expect(saveVerdict(timing, 0, end + MIN, end)).toEqual({ ok: true, late: true });
    // Within the grace, a save that says nothing of its time, or says it was made after the end, is refused.
    expect(saveVerdict(timing, 0, end + 1)).toEqual({ ok: false, reason: 'attemptClosed', at: end });
    expect(saveVerdict(timing, 0, end + 30_000, end + 1)).toEqual({ ok: false, reason: 'attemptClosed', at: end });
    // Past the grace, whatever time is claimed.
    expect(saveVerdict(timing, 0, end + MIN + 1, end - 5_000)).toEqual({ ok: false, reason: 'attemptClosed', at: end });
    expect(isOverdue(timing, end + MIN)).toBe(false);
    expect(isOverdue(timing, end + MIN + 1)).toBe(true);
  });

  it('refuses a locked section before it opens, and after its close all but the saves made before it, within the grace', () => {
    const windows = sectionWindows(start, [20, 20]);
    const timing = { endsAt: start + 40 * MIN, graceMs: 30_000, windows };
    const close = start + 20 * MIN;
    expect(saveVerdict(timing, 1, start + 5 * MIN)).toEqual({ ok: false, reason: 'sectionNotOpen', at: close });
    expect(saveVerdict(timing, 1, close)).toEqual({ ok: true, late: false });
    // The first section's saves made before its close are still taken within its grace, after the second has opened.
    expect(saveVerdict(timing, 0, close + 30_000, close - 1)).toEqual({ ok: true, late: true });
    expect(saveVerdict(timing, 0, close + 10_000)).toEqual({ ok: false, reason: 'sectionClosed', at: close });
    expect(saveVerdict(timing, 0, close + 10_000, close + 5_000)).toEqual({ ok: false, reason: 'sectionClosed', at: close });
    expect(saveVerdict(timing, 0, close + 30_001, close - 1)).toEqual({ ok: false, reason: 'sectionClosed', at: close });
  });

  it('delivers a locked section only while it is open, and caps the time a save reports at how long its question has been open', () => {
    const windows = sectionWindows(start, [20, 20]);
    const timing = { endsAt: start + 40 * MIN, graceMs: 30_000, windows };
    expect([0, 1].map((i) => isDelivered(timing, i, start + 20 * MIN - 1))).toEqual([true, false]);
    expect([0, 1].map((i) => isDelivered(timing, i, start + 20 * MIN))).toEqual([false, true]);
    expect(isDelivered({ windows: null }, 3, start + 999 * MIN)).toBe(true);
    expect(timeSpentCap(timing, start, 1, start + 25 * MIN)).toBe(5 * MIN);
    expect(timeSpentCap(timing, start, 0, start + 25 * MIN)).toBe(20 * MIN);
    expect(timeSpentCap(timing, start, 1, start + 10 * MIN)).toBe(0);
    expect(timeSpentCap({ endsAt: start + MIN, graceMs: 0, windows: null }, start, 0, start + 24 * 60 * MIN)).toBe(MIN);
  });

  it('never closes an untimed attempt', () => {
    const timing = { endsAt: null, graceMs: 0, windows: null };
    expect(saveVerdict(timing, 0, Number.MAX_SAFE_INTEGER)).toEqual({ ok: true, late: false });
    expect(isOverdue(timing, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});
