import {
  answerSaveResponseSchema,
  attemptResponseSchema,
  resultResponseSchema,
  type AnswerSave,
  type Attempt,
  type AttemptResult,
  type SavedAnswer,
} from '@abhyas/contracts';
import { apiRequest } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';

/** An answer with the server's time and when this device sent the request and read the answer. */
export interface Timed<T> {
  data: T;
  serverTime: string;
  sentAt: number;
  receivedAt: number;
}

/** Calls the API and notes when the request left and the answer came, for the server clock. */
export async function timed<T>(call: () => Promise<{ data: T; serverTime: string }>): Promise<Timed<T>> {
  const sentAt = Date.now();
  const { data, serverTime } = await call();
  return { data, serverTime, sentAt, receivedAt: Date.now() };
}

/** GET /api/attempts/:id: the attempt with every saved answer, which device writes, and the server's time. */
export function getAttempt(id: string, signal?: AbortSignal): Promise<Timed<Attempt>> {
  // Fetched again whenever the tab comes back: an ended sign-in is shown on the screen, not by leaving it.
  return timed(() => apiRequest(`attempts/${encodeURIComponent(id)}`, { headers: deviceHeaders(), schema: attemptResponseSchema, signal, skipAuthRedirect: true }));
}

/**
 * PUT /api/attempts/:id/answers/:questionId: one save, ordered by `seq`. 409 ATTEMPT_CLOSED or
 * SECTION_LOCKED past the deadline and its grace; 409 ATTEMPT_TAKEN_OVER when another device writes.
 */
export function saveAnswer(id: string, questionId: string, body: AnswerSave): Promise<Timed<SavedAnswer & { applied: boolean }>> {
  return timed(() =>
    apiRequest(`attempts/${encodeURIComponent(id)}/answers/${encodeURIComponent(questionId)}`, {
      method: 'PUT',
      headers: deviceHeaders(),
      body,
      schema: answerSaveResponseSchema,
      // An expired sign-in must not take the candidate off the exam screen: the save stays queued.
      skipAuthRedirect: true,
    }),
  );
}

/** POST /api/attempts/:id/takeover: this device becomes the one that writes; the other turns read-only. */
export function takeOverAttempt(id: string): Promise<Timed<Attempt>> {
  return timed(() => apiRequest(`attempts/${encodeURIComponent(id)}/takeover`, { method: 'POST', headers: deviceHeaders(), schema: attemptResponseSchema }));
}

/** POST /api/attempts/:id/submit: idempotent; the result. */
export async function submitAttempt(id: string): Promise<AttemptResult> {
  const { data } = await apiRequest(`attempts/${encodeURIComponent(id)}/submit`, { method: 'POST', headers: deviceHeaders(), schema: resultResponseSchema });
  return data;
}
