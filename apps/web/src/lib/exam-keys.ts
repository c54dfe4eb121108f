/**
 * The exam screen's keyboard shortcuts: one table read by the screen (to act on a key) and by the
 * instructions page and the help dialog (to list them), so what is documented is what works.
 */
export const EXAM_ACTIONS = ['option', 'saveNext', 'markNext', 'clear', 'previous', 'sure', 'fifty', 'guess', 'palette', 'help'] as const;
export type ExamAction = (typeof EXAM_ACTIONS)[number];

/** Keys as shown to the candidate, per action, in the order they are listed. */
export const EXAM_SHORTCUTS: readonly { action: ExamAction; keys: readonly string[] }[] = [
  { action: 'option', keys: ['1', '2', '3', '4', '5', '6'] },
  { action: 'saveNext', keys: ['S'] },
  { action: 'markNext', keys: ['M'] },
  { action: 'clear', keys: ['C'] },
  { action: 'previous', keys: ['P'] },
  { action: 'sure', keys: ['U'] },
  { action: 'fifty', keys: ['F'] },
  { action: 'guess', keys: ['G'] },
  { action: 'palette', keys: ['Q'] },
  { action: 'help', keys: ['?'] },
];

/** Keys that move within the question palette, listed with the shortcuts. */
export const PALETTE_KEYS = ['←', '→', '↑', '↓', 'Home', 'End'] as const;

export interface KeyCommand {
  action: ExamAction;
  /** For `option`: the option's position, 0-based. */
  index?: number;
}

/** The command a key press stands for, or null. Keys with Ctrl, Alt or Meta are left to the browser. */
export function examCommandForKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey'>): KeyCommand | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const key = event.key;
  if (/^[1-6]$/.test(key)) return { action: 'option', index: Number(key) - 1 };
  if (key === '?') return { action: 'help' };
  const found = EXAM_SHORTCUTS.find((s) => s.action !== 'option' && s.action !== 'help' && s.keys.some((k) => k.toLowerCase() === key.toLowerCase()));
  return found ? { action: found.action } : null;
}
