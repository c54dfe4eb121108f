import { useEffect, useState, useSyncExternalStore } from 'react';
import { isApiError } from '@/lib/api-error';
import { attemptCopies } from '@/lib/attempt-copies';
import { ServerClock } from '@/lib/server-clock';
import { isDeviceCopy, useAttempt } from '../api/get-attempt';
import { saveAnswer } from '../api/save-answer';
import { useSubmitAttempt } from '../api/submit-attempt';
import { useTakeOverAttempt } from '../api/take-over-attempt';
import { sampled } from '../api/timed';
import { deviceStore } from './device-store';
import { ExamSession } from './exam-session';
import type { SessionSnapshot } from './session-snapshot';
import { useExamView } from './use-exam-view';
import { useSectionDelivery } from './use-section-delivery';

const noSubscription = () => () => undefined;
const noSnapshot = () => null;

/**
 * Everything the exam screen needs about one attempt: the server's attempt (fetched again when the
 * tab comes back, and polled while it closes), the server clock corrected from every answer, and the
 * device's session of saves, which sends again when the connection or the tab returns.
 */
export function useExam(attemptId: string, { poll = false }: { poll?: boolean } = {}) {
  const [clock] = useState(() => new ServerClock());
  const attempt = useAttempt(attemptId, clock, { poll });

  // The session opens once per attempt, from the first answer; later answers are merged into it.
  const [session, setSession] = useState<ExamSession | null>(null);
  const loaded = attempt.data !== undefined;
  useEffect(() => {
    const first = attempt.data;
    if (!first) return;
    let opened: ExamSession | null = null;
    let cancelled = false;
    void ExamSession.open(first, {
      store: deviceStore,
      timeUp: () => first.endsAt !== null && clock.now() >= Date.parse(first.endsAt),
      now: () => clock.now(),
      send: async ({ questionId, optionIds, markedForReview, confidence, seq, timeSpentMs, savedAt }) => {
        const saved = sampled(
          clock,
          await saveAnswer(attemptId, questionId, { optionIds, markedForReview, confidence, seq, timeSpentMs, ...(savedAt === undefined ? {} : { savedAt: new Date(savedAt).toISOString() }) }),
        );
        // The device's copy of the attempt follows, so a reload offline shows this answer too.
        void attemptCopies.recordAnswer(attemptId, saved);
        return saved;
      },
    }, isDeviceCopy(first) ? 'device' : 'server').then((s) => {
      if (cancelled) return s.dispose();
      opened = s;
      setSession(s);
    });
    return () => {
      cancelled = true;
      opened?.dispose();
      setSession(null);
    };
    // Opened from the first answer only; the clock lives as long as the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attemptId, loaded]);

  useEffect(() => {
    if (session && attempt.data) session.merge(attempt.data, isDeviceCopy(attempt.data) ? 'device' : 'server');
  }, [session, attempt.data]);

  const snapshot: SessionSnapshot | null = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getSnapshot ?? noSnapshot, noSnapshot);

  // The connection or the tab came back: send what waits, and take the server's time and state again
  // (a screen opened from the device's copy then shows the server's).
  const refetch = attempt.refetch;
  useEffect(() => {
    if (!session) return;
    const onOnline = () => {
      session.flush();
      void refetch();
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      session.flush();
      void refetch();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [session, refetch]);

  // Leaving with saves still on the device: the browser asks first (they are kept and sent next time).
  const pending = snapshot?.pending ?? 0;
  useEffect(() => {
    if (pending === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  useSectionDelivery(attempt.data, clock, refetch);

  // A save answered "taken over": fetch the attempt again so the screen knows who writes now.
  const takenOver = snapshot?.takenOver ?? false;
  useEffect(() => {
    if (takenOver) void refetch();
  }, [takenOver, refetch]);

  const takeOver = useTakeOverAttempt(attemptId, clock, (fresh) => session?.takeBack(fresh));
  const submit = useSubmitAttempt(attemptId);
  const view = useExamView(attempt.data, clock);

  return { attempt, clock, session, snapshot, view, takeOver, submit, notFound: isApiError(attempt.error) && attempt.error.status === 404 };
}
