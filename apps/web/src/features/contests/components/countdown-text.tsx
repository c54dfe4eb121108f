import { useEffect, useRef } from 'react';
import { serverClock } from '@/lib/server-clock';
import { useClockValue } from '@/lib/use-clock-value';
import { formatCountdown } from '../utils/format-contest';

/**
 * Time left until `at` on the server's clock, ticking each second (a timer role, so screen readers
 * do not read every tick). `onDone` runs once when it reaches zero.
 */
export function CountdownText({ at, label, onDone }: { at: string; label: string; onDone?: () => void }) {
  // Whole seconds, rounded up, so a countdown never shows a second too many; checked every second.
  const nowSeconds = useClockValue(serverClock, (now) => Math.ceil(now / 1000), 1000);
  const left = Date.parse(at) - nowSeconds * 1000;
  const done = left <= 0;
  const reported = useRef(false);
  useEffect(() => {
    if (done && !reported.current) {
      reported.current = true;
      onDone?.();
    }
  }, [done, onDone]);
  const text = formatCountdown(left);
  return (
    <span role="timer" aria-label={`${label}: ${text}`} className="font-mono text-lg font-bold tabular-nums text-slate-900 dark:text-white">
      {text}
    </span>
  );
}
