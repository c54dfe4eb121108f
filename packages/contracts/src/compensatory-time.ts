import { z } from 'zod';

/**
 * Compensatory time (docs/PRODUCT.md §8.11): a candidate with a benchmark disability gets extra
 * minutes for every hour of a timed paper, 20 unless an admin sets another figure. An admin sets it
 * on the candidate's account; every timed attempt started afterwards keeps the figure it started
 * with, and its time (overall, and each locked section's) grows in proportion.
 */
export const COMPENSATORY_TIME = {
  /** The usual figure in Indian written examinations: 20 minutes per hour. */
  standardMinutesPerHour: 20,
  maxMinutesPerHour: 60,
} as const;

/** A length of time (ms) with the extra minutes per hour added, in whole seconds: 60 minutes at 20 per hour → 80 minutes. */
export function withCompensatoryTime(ms: number, extraMinutesPerHour: number): number {
  if (extraMinutesPerHour <= 0) return ms;
  return Math.round((ms * (60 + extraMinutesPerHour)) / 60 / 1000) * 1000;
}

/** `PUT /api/admin/users/:id/accommodation`: the extra minutes per hour, a whole number from 0 (none) to 60. */
export const accommodationInputSchema = z.strictObject({
  extraMinutesPerHour: z
    .number({ error: 'Extra minutes per hour must be a number' })
    .int({ error: 'Extra minutes per hour must be a whole number' })
    .min(0, { error: 'Extra minutes per hour cannot be negative' })
    .max(COMPENSATORY_TIME.maxMinutesPerHour, { error: `Extra minutes per hour must be at most ${COMPENSATORY_TIME.maxMinutesPerHour}` }),
});
export type AccommodationInput = z.infer<typeof accommodationInputSchema>;
