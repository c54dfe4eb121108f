import { paletteState, type PaletteState, type SavedAnswer } from '@abhyas/contracts';
import type { AnswerInput, NotCounted, PendingSave } from './device-store';

/** A question's answer as the screen shows it: the newest save, on the server or still on this device. */
export interface LocalAnswer extends AnswerInput {
  state: PaletteState;
  /** Saved on this device and not yet on the server. */
  onDevice: boolean;
}

export interface SessionSnapshot {
  answers: Readonly<Record<string, LocalAnswer>>;
  /** Questions whose newest save waits on this device. */
  pending: number;
  notCounted: readonly NotCounted[];
  /** Another device writes to the attempt: this one is read-only. */
  takenOver: boolean;
  /** The last send found no connection; saves wait on the device and go when it returns. */
  offline: boolean;
  /** The server no longer knows the sign-in: saves wait on the device until the candidate signs in again. */
  signedOut: boolean;
  /** The server has closed the attempt: nothing more is sent, and what waited is listed as not counted. */
  ended: boolean;
  position: string | null;
}

/** What the screen reads: the server's answers overlaid with the saves still queued on this device. */
export function buildSnapshot(
  server: ReadonlyMap<string, SavedAnswer>,
  pending: readonly PendingSave[],
  state: Omit<SessionSnapshot, 'answers' | 'pending'>,
): SessionSnapshot {
  const answers: Record<string, LocalAnswer> = {};
  for (const [questionId, a] of server) {
    answers[questionId] = { optionIds: a.optionIds, markedForReview: a.markedForReview, confidence: a.confidence, state: a.state, onDevice: false };
  }
  for (const p of pending) {
    answers[p.questionId] = {
      optionIds: p.optionIds,
      markedForReview: p.markedForReview,
      confidence: p.confidence,
      state: paletteState(p.optionIds.length > 0, p.markedForReview),
      onDevice: true,
    };
  }
  return { answers, pending: new Set(pending.map((p) => p.questionId)).size, ...state };
}
