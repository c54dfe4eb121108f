import { answerSaveResponseSchema, type AnswerSave, type SavedAnswer } from '@abhyas/contracts';
import { apiRequest } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';
import { timed, type Timed } from './timed';

/**
 * PUT /api/attempts/:id/answers/:questionId: one save, ordered by `seq`. 409 ATTEMPT_CLOSED or
 * SECTION_LOCKED past the deadline and its grace; 409 ATTEMPT_TAKEN_OVER when another device writes.
 * No hook: the exam session (utils/exam-session.ts) queues the saves on the device and sends them.
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
