import { useCallback, useSyncExternalStore } from 'react';
import type { ServerClock } from './server-clock';

/**
 * A value computed from the server's time, checked every `everyMs` and whenever the clock is
 * corrected; the component re-renders only when the value changes, so return something coarse
 * (whole seconds, a section index, a flag).
 */
export function useClockValue<T extends string | number | boolean | null>(clock: ServerClock, compute: (now: number) => T, everyMs = 250): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const timer = setInterval(onChange, everyMs);
      const unsubscribe = clock.subscribe(onChange);
      return () => {
        clearInterval(timer);
        unsubscribe();
      };
    },
    [clock, everyMs],
  );
  const read = () => compute(clock.now());
  return useSyncExternalStore(subscribe, read, read);
}
