import { attemptViewResponseSchema, type AttemptView } from '@abhyas/contracts';
import { apiRequest } from '@/lib/api-client';
import { deviceHeaders } from '@/lib/device-id';
import { timed, type Timed } from './timed';

/**
 * PUT /api/attempts/:id/view: the languages the candidate reads the attempt in, from the device that
 * writes it (409 ATTEMPT_TAKEN_OVER from another, ATTEMPT_CLOSED once submitted). No hook: the
 * attempt's view on this device (utils/exam-view.ts) keeps a change until the server has it.
 */
export function saveView(id: string, view: AttemptView): Promise<Timed<AttemptView>> {
  return timed(() =>
    apiRequest(`attempts/${encodeURIComponent(id)}/view`, {
      method: 'PUT',
      headers: deviceHeaders(),
      body: view,
      schema: attemptViewResponseSchema,
      // An expired sign-in must not take the candidate off the exam screen: the change stays on the device.
      skipAuthRedirect: true,
    }),
  );
}
