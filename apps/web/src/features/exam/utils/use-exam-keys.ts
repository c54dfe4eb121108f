import type { Confidence } from '@abhyas/contracts';
import { useEffect } from 'react';
import { examCommandForKey } from '@/lib/exam-keys';

/** What each documented key does on the exam screen. */
export interface ExamKeyHandlers {
  /** The option at this place (0 for the first). */
  option: (index: number) => void;
  saveNext: () => void;
  markNext: () => void;
  clear: () => void;
  previous: () => void;
  confidence: (level: Confidence) => void;
  palette: () => void;
  help: () => void;
}

/**
 * The documented keys (lib/exam-keys) on the whole page: off while a dialog is open or a key goes to
 * a text field. The listener is set again at each render, so it always calls the newest handlers.
 */
export function useExamKeys(handlers: ExamKeyHandlers): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('textarea, select, [contenteditable="true"], input:not([type="radio"]):not([type="checkbox"])')) return;
      const command = examCommandForKey(event);
      if (!command) return;
      event.preventDefault();
      switch (command.action) {
        case 'option':
          return handlers.option(command.index ?? 0);
        case 'saveNext':
          return handlers.saveNext();
        case 'markNext':
          return handlers.markNext();
        case 'clear':
          return handlers.clear();
        case 'previous':
          return handlers.previous();
        case 'sure':
        case 'fifty':
        case 'guess':
          return handlers.confidence(command.action);
        case 'palette':
          return handlers.palette();
        case 'help':
          return handlers.help();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
}
