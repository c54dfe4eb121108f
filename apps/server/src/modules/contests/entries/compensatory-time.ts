import type { ContestEntry } from '@abhyas/contracts';
import { toIso } from '../../../lib/clock.js';
import { pastBound, type EndBound } from '../../attempts/attempts.service.js';
import type { ContestRow } from '../contests.table.js';

/*
 * Compensatory time in a contest (docs/PRODUCT.md §8.11). A contest's attempt ends with the contest
 * at the latest; an entrant with compensatory time may write past the contest's end by their share
 * of its writing time (the contest's duration, or the paper's when it is shorter): a 60-minute contest
 * at 20 extra minutes per hour ends 20 minutes later for them.
 */

/** The bound a contest sets on its attempts: its end, and its duration, of which a compensatory share runs past the end. */
export const contestBound = (row: Pick<ContestRow, 'ends_at' | 'duration_minutes'>): EndBound => ({ at: Number(row.ends_at), writingMinutes: row.duration_minutes });

/** The latest an attempt at this rate may run in the contest: the contest's end plus the entrant's share. */
export const latestEnd = (row: Pick<ContestRow, 'ends_at' | 'duration_minutes'>, paperMinutes: number, rate: number): number =>
  Number(row.ends_at) + pastBound(contestBound(row), paperMinutes, rate);

/**
 * The entrant's compensatory time as the contest's page tells it: the rate and the latest moment they
 * may write to, from their attempt once it has started (its own rate, kept from its start), else from
 * their account's rate now. Null without compensatory time.
 */
export function compensatoryTimeOf(
  row: Pick<ContestRow, 'ends_at' | 'duration_minutes'>,
  p: { paperMinutes: number; accountRate: number; attempt: { endsAt: number; extraMinutesPerHour: number } | undefined },
): ContestEntry['compensatoryTime'] {
  if (p.attempt) return p.attempt.extraMinutesPerHour > 0 ? { extraMinutesPerHour: p.attempt.extraMinutesPerHour, writeUntil: toIso(p.attempt.endsAt) } : null;
  return p.accountRate > 0 ? { extraMinutesPerHour: p.accountRate, writeUntil: toIso(latestEnd(row, p.paperMinutes, p.accountRate)) } : null;
}
