import { useCallback, useState } from 'react';
import { storedUserId } from '@/lib/storage';

/** The exam screen's text sizes, in per cent of the standard size: A− and A+ step through them. */
export const TEXT_SIZES = [100, 115, 130, 150] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

/** How a candidate sees the exam screen on this device: the text size and the high-contrast theme. */
export interface ExamDisplay {
  textSize: TextSize;
  highContrast: boolean;
}

const KEY_PREFIX = 'abhyasExamDisplay';

/** The storage key of a user's choice on this device (one for the device when the user is not known). */
export const examDisplayKey = (userId: string | null) => (userId ? `${KEY_PREFIX}:${userId}` : KEY_PREFIX);

/** Before any choice: the standard size, and high contrast when the device asks for more contrast. */
function defaults(): ExamDisplay {
  const moreContrast = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-contrast: more)').matches;
  return { textSize: 100, highContrast: moreContrast };
}

const isTextSize = (value: unknown): value is TextSize => TEXT_SIZES.includes(value as TextSize);

/** The stored choice, each part checked: anything unreadable or unknown falls back to the default. */
export function readExamDisplay(key: string): ExamDisplay {
  const fallback = defaults();
  let stored: unknown = null;
  try {
    stored = JSON.parse(window.localStorage.getItem(key) ?? 'null');
  } catch {
    return fallback;
  }
  if (typeof stored !== 'object' || stored === null) return fallback;
  const { textSize, highContrast } = stored as Record<string, unknown>;
  return {
    textSize: isTextSize(textSize) ? textSize : fallback.textSize,
    highContrast: typeof highContrast === 'boolean' ? highContrast : fallback.highContrast,
  };
}

function writeExamDisplay(key: string, display: ExamDisplay): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(display));
  } catch {
    // Storage refused: the choice lasts as long as the page.
  }
}

/** The size one step smaller (-1) or larger (+1), staying within the scale. */
export function stepTextSize(size: TextSize, step: -1 | 1): TextSize {
  const index = TEXT_SIZES.indexOf(size) + step;
  return TEXT_SIZES[Math.max(0, Math.min(TEXT_SIZES.length - 1, index))]!;
}

/**
 * The signed-in candidate's display choice on this device, read while the screen first renders (so
 * it opens at the chosen size and theme, nothing changing after), and kept whenever it changes.
 */
export function useExamDisplay(): [ExamDisplay, (display: ExamDisplay) => void] {
  const [key] = useState(() => examDisplayKey(storedUserId()));
  const [display, setDisplay] = useState(() => readExamDisplay(key));
  const change = useCallback(
    (next: ExamDisplay) => {
      setDisplay(next);
      writeExamDisplay(key, next);
    },
    [key],
  );
  return [display, change];
}
