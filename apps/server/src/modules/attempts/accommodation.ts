import { withCompensatoryTime } from '@abhyas/contracts';
import type { Executor } from '../../db/index.js';
import { extraMinutesPerHourOf } from '../users/users.service.js';

/*
 * Compensatory time in timed attempts (docs/PRODUCT.md §8.11). A candidate with a benchmark
 * disability gets extra minutes per hour of the paper. The figure is read from their account when an
 * attempt starts and kept with it (`attempts.extra_minutes_per_hour`): the attempt's end and its
 * locked sections' windows follow from it, and a later change to the account never moves it.
 */

const MINUTE = 60_000;

/** The candidate's figure as their account holds it now, read in the start's own transaction. */
export const rateAtStart = (db: Executor, userId: string): Promise<number> => extraMinutesPerHourOf({ db }, userId);

/**
 * A bound on an attempt's end that its user sets (a contest's end), with the time it gives to write
 * (the contest's duration): a candidate with compensatory time may run past the bound by their share
 * of that time, or of the paper's duration when it is shorter.
 */
export type EndBound = { at: number; writingMinutes: number };

/** How far past `bound` an attempt of a paper of `durationMinutes` at `rate` may run: the extra share of the shorter of the two writing times. */
export function pastBound(bound: EndBound, durationMinutes: number, rate: number): number {
  const writing = Math.min(bound.writingMinutes, durationMinutes) * MINUTE;
  return withCompensatoryTime(writing, rate) - writing;
}

/**
 * When an attempt started at `startedAt` ends: the paper's duration grown by the rate, and with a
 * bound no later than the bound plus the candidate's share past it. At rate 0 this is the paper's
 * duration, or the bound when it comes first.
 */
export function compensatedEnd(startedAt: number, durationMinutes: number, rate: number, bound?: EndBound): number {
  const own = startedAt + withCompensatoryTime(durationMinutes * MINUTE, rate);
  return bound ? Math.min(own, bound.at + pastBound(bound, durationMinutes, rate)) : own;
}

/** A locked section's time (ms) at the attempt's rate: its limit grown in the same proportion as the paper's. */
export const sectionTimeMs = (limitMinutes: number, rate: number): number => withCompensatoryTime(limitMinutes * MINUTE, rate);
