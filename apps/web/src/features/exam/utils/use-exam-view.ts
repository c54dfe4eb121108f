import type { Attempt } from '@abhyas/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ServerClock } from '@/lib/server-clock';
import { saveView } from '../api/save-view';
import { viewStore } from './device-store';
import { ExamView, type ViewSnapshot } from './exam-view';

const noSubscription = () => () => undefined;
const noSnapshot = () => null;

/**
 * The languages the candidate reads an attempt in on this device (utils/exam-view.ts), opened from the
 * attempt's first answer and given every later one; a change waiting for the server goes when the
 * connection or the tab comes back.
 */
export function useExamView(attempt: Attempt | undefined, clock: ServerClock): { view: ExamView | null; snapshot: ViewSnapshot | null } {
  const [view, setView] = useState<ExamView | null>(null);
  const attemptId = attempt?.id;
  const loaded = attempt !== undefined;
  useEffect(() => {
    if (!attempt) return;
    let opened: ExamView | null = null;
    let cancelled = false;
    void ExamView.open(attempt, {
      store: viewStore,
      send: async (next) => {
        const answer = await saveView(attempt.id, next);
        clock.sample(answer.serverTime, answer.sentAt, answer.receivedAt);
        return answer.serverTime;
      },
    }).then((v) => {
      if (cancelled) return v.dispose();
      opened = v;
      setView(v);
    });
    return () => {
      cancelled = true;
      opened?.dispose();
      setView(null);
    };
    // Opened from the first answer only; later answers are merged below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attemptId, loaded]);

  useEffect(() => {
    if (view && attempt) view.merge(attempt);
  }, [view, attempt]);

  useEffect(() => {
    if (!view) return;
    const onBack = () => {
      if (document.visibilityState === 'visible') view.flush();
    };
    window.addEventListener('online', view.flush);
    document.addEventListener('visibilitychange', onBack);
    return () => {
      window.removeEventListener('online', view.flush);
      document.removeEventListener('visibilitychange', onBack);
    };
  }, [view]);

  const snapshot = useSyncExternalStore(view?.subscribe ?? noSubscription, view?.getSnapshot ?? noSnapshot, noSnapshot);
  return { view, snapshot };
}
