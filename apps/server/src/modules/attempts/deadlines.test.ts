import { describe, expect, it } from 'vitest';
import { isOverdue, saveVerdict, sectionWindows } from './deadlines.js';

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

  it('accepts saves until the end plus the grace, and no later', () => {
    const timing = { endsAt: start + 60 * MIN, graceMs: 60_000, windows: null };
    expect(saveVerdict(timing, 0, start + 60 * MIN)).toEqual({ ok: true });
    expect(saveVerdict(timing, 0, start + 61 * MIN)).toEqual({ ok: true });
    expect(saveVerdict(timing, 0, start + 61 * MIN + 1)).toEqual({ ok: false, reason: 'attemptClosed', at: start + 60 * MIN });
    expect(isOverdue(timing, start + 61 * MIN)).toBe(false);
    expect(isOverdue(timing, start + 61 * MIN + 1)).toBe(true);
  });

  it('refuses a locked section before it opens and after its close plus the grace', () => {
    const windows = sectionWindows(start, [20, 20]);
    const timing = { endsAt: start + 40 * MIN, graceMs: 30_000, windows };
    expect(saveVerdict(timing, 1, start + 5 * MIN)).toEqual({ ok: false, reason: 'sectionNotOpen', at: start + 20 * MIN });
    expect(saveVerdict(timing, 1, start + 20 * MIN)).toEqual({ ok: true });
    // The first section's late saves are still taken within its grace, after the second has opened.
    expect(saveVerdict(timing, 0, start + 20 * MIN + 30_000)).toEqual({ ok: true });
    expect(saveVerdict(timing, 0, start + 20 * MIN + 30_001)).toEqual({ ok: false, reason: 'sectionClosed', at: start + 20 * MIN });
  });

  it('never closes an untimed attempt', () => {
    const timing = { endsAt: null, graceMs: 0, windows: null };
    expect(saveVerdict(timing, 0, Number.MAX_SAFE_INTEGER)).toEqual({ ok: true });
    expect(isOverdue(timing, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});
