import type { answerSaveSchema } from '@abhyas/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { lowestAnswerSeq } from './attempts.repo.js';
import { timeSpentCap, type SaveVerdict, type Timing } from './deadlines.js';
import type { Layout } from './layout.js';

/**
 * The rules a save meets besides its attempt being open and its device the writer: the deadline with
 * its grace (deadlines.ts), the order of a late save against what the device did after the close, and
 * the time it reports (docs/PRODUCT.md §8.7).
 */
type AnswerInput = z.output<typeof answerSaveSchema>;

const clockTime = (ms: number) => new Date(ms).toISOString().slice(11, 19) + ' UTC';

/** When the device says the candidate made the save (server time), or null when it does not say. */
export const claimedAt = (input: Pick<AnswerInput, 'savedAt'>): number | null => (input.savedAt === undefined ? null : Date.parse(input.savedAt));

/** The 409 answering a save that the clock refuses. */
export function saveRefused(verdict: Extract<SaveVerdict, { ok: false }>): AppError {
  if (verdict.reason === 'attemptClosed') return new AppError('ATTEMPT_CLOSED', 409, `Time is up: the attempt ended at ${clockTime(verdict.at)}, and answers after it are not counted`);
  if (verdict.reason === 'sectionNotOpen') return new AppError('SECTION_LOCKED', 409, `This section opens at ${clockTime(verdict.at)}`);
  return sectionClosed(verdict.at);
}

const sectionClosed = (at: number) => new AppError('SECTION_LOCKED', 409, `This section closed at ${clockTime(at)}: its answers can no longer be changed`);

/**
 * A late save to a closed locked section (let in by its claimed time, within the grace) must also
 * come before, in the device's own order, whatever the device did in the sections after it: those
 * opened at the close, so a save numbered above one of theirs was made after the close, whatever
 * time it claims. Throws the section's 409 then.
 */
export async function checkLateSaveOrder(db: Db, p: { attemptId: string; seq: number }, layout: Layout, timing: Timing, sectionIndex: number): Promise<void> {
  const window = timing.windows?.[sectionIndex];
  if (!window) return;
  const later = layout.questions.filter((q) => q.sectionIndex > sectionIndex).map((q) => q.id);
  const lowest = await lowestAnswerSeq(db, p.attemptId, later);
  if (lowest !== null && p.seq > lowest) throw sectionClosed(window.closesAt);
}

/** The time a save reports, capped at how long its question has been open when the save arrives. */
export const cappedTimeSpent = (input: Pick<AnswerInput, 'timeSpentMs'>, timing: Timing, startedAt: number, sectionIndex: number, now: number): number =>
  Math.min(input.timeSpentMs ?? 0, timeSpentCap(timing, startedAt, sectionIndex, now));
