import { isApiError } from '@/lib/api-error';
import type { NotCountedReason } from './device-store';

/** What a failed send of a save means for the queue. */
export type SaveFailure =
  /** Another device took the attempt over: this one stops writing. */
  | { kind: 'takenOver'; message: string }
  /** The attempt is closed for good: nothing waiting can be counted. */
  | { kind: 'closed'; reason: NotCountedReason; message: string }
  /** This save alone is refused (its section closed, say): drop it and go on with the next. */
  | { kind: 'refused'; reason: NotCountedReason; message: string }
  /** No connection, a server error, a rate limit or an expired sign-in: keep it and try again later. */
  | { kind: 'retry'; offline: boolean; signedOut: boolean };

const refusals: Record<string, NotCountedReason> = { SECTION_LOCKED: 'locked' };

/**
 * Reads a failed send. A refusal as closed before the attempt's time is up on the server's clock
 * (`timeUp()` false) means it was submitted, here or elsewhere.
 */
export function readSaveFailure(error: unknown, timeUp?: () => boolean): SaveFailure {
  if (isApiError(error) && error.code === 'ATTEMPT_TAKEN_OVER') return { kind: 'takenOver', message: error.message };
  if (isApiError(error) && error.code === 'ATTEMPT_CLOSED') {
    return { kind: 'closed', reason: timeUp?.() === false ? 'submitted' : 'closed', message: error.message };
  }
  if (isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)) {
    return { kind: 'refused', reason: refusals[error.code] ?? 'refused', message: error.message };
  }
  return { kind: 'retry', offline: !isApiError(error) || error.status === 0, signedOut: isApiError(error) && error.status === 401 };
}
