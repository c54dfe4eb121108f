import { QUESTION_LIMITS, type QuestionType } from '@abhyas/contracts';

/**
 * One answer option as the form edits it. `key` keeps React rows stable while options move. The
 * `second` texts are the option in the question's other language: they move with the option, so
 * both languages keep the same options in the same order.
 */
export interface OptionDraft {
  key: string;
  text: string;
  correct: boolean;
  feedback: string;
  secondText: string;
  secondFeedback: string;
}

export type OptionAction =
  | { kind: 'add' }
  | { kind: 'remove'; index: number }
  | { kind: 'text'; index: number; text: string }
  | { kind: 'feedback'; index: number; feedback: string }
  | { kind: 'secondText'; index: number; text: string }
  | { kind: 'secondFeedback'; index: number; feedback: string }
  | { kind: 'toggleCorrect'; index: number }
  | { kind: 'setType'; type: QuestionType; trueLabel: string; falseLabel: string };

/** Options are lettered A to F, as in the exams. */
export const OPTION_LETTERS = 'ABCDEF';

let counter = 0;
/** A fresh key for a new option row. */
export function newOptionKey(): string {
  counter += 1;
  return `o${counter}`;
}

export function blankOption(): OptionDraft {
  return { key: newOptionKey(), text: '', correct: false, feedback: '', secondText: '', secondFeedback: '' };
}

/** True for the types where exactly one option is correct (radio semantics). */
export function isSingleAnswer(type: QuestionType): boolean {
  return type === 'single' || type === 'truefalse';
}

export function canAddOption(type: QuestionType, options: readonly OptionDraft[]): boolean {
  return type !== 'truefalse' && options.length < QUESTION_LIMITS.optionsMax;
}

export function canRemoveOption(type: QuestionType, options: readonly OptionDraft[]): boolean {
  return type !== 'truefalse' && options.length > QUESTION_LIMITS.optionsMin;
}

/**
 * The option list's edits for a question of `type`: add and remove stay within 2–6 (true/false is
 * fixed at True and False), and marking an option correct on a single-answer question unmarks the
 * others. Changing the type to true/false replaces the options with True / False, keeping which
 * one was correct when the texts already matched.
 */
export function optionsReducer(type: QuestionType, options: readonly OptionDraft[], action: OptionAction): OptionDraft[] {
  switch (action.kind) {
    case 'add':
      return canAddOption(type, options) ? [...options, blankOption()] : [...options];
    case 'remove':
      return canRemoveOption(type, options) ? options.filter((_, i) => i !== action.index) : [...options];
    case 'text':
      return options.map((o, i) => (i === action.index ? { ...o, text: action.text } : o));
    case 'feedback':
      return options.map((o, i) => (i === action.index ? { ...o, feedback: action.feedback } : o));
    case 'secondText':
      return options.map((o, i) => (i === action.index ? { ...o, secondText: action.text } : o));
    case 'secondFeedback':
      return options.map((o, i) => (i === action.index ? { ...o, secondFeedback: action.feedback } : o));
    case 'toggleCorrect':
      if (isSingleAnswer(type)) return options.map((o, i) => ({ ...o, correct: i === action.index }));
      return options.map((o, i) => (i === action.index ? { ...o, correct: !o.correct } : o));
    case 'setType': {
      if (action.type === 'truefalse') {
        const labels = [action.trueLabel, action.falseLabel];
        const same = options.length === 2 && options.every((o, i) => o.text === labels[i]);
        const correctIndex = same ? options.findIndex((o) => o.correct) : -1;
        // True and False read the same in both languages, as the importers store them.
        return labels.map((text, i) => ({
          key: options[i]?.key ?? newOptionKey(),
          text,
          correct: i === correctIndex,
          feedback: options[i]?.feedback ?? '',
          secondText: text,
          secondFeedback: options[i]?.secondFeedback ?? '',
        }));
      }
      let next = [...options];
      while (next.length < QUESTION_LIMITS.optionsMin) next.push(blankOption());
      // Single answer keeps only the first correct option.
      if (action.type === 'single') {
        const first = next.findIndex((o) => o.correct);
        next = next.map((o, i) => ({ ...o, correct: i === first }));
      }
      return next;
    }
  }
}

/** The options as the API takes them: empty feedback left out. */
export function optionsToInput(options: readonly OptionDraft[]) {
  return options.map(({ text, correct, feedback }) => ({ text, correct, ...(feedback.trim() ? { feedback } : {}) }));
}

/** The options' texts in the other language, as a translation gives them: empty feedback left out. */
export function secondOptionsToInput(options: readonly OptionDraft[]) {
  return options.map(({ secondText, secondFeedback }) => ({ text: secondText, ...(secondFeedback.trim() ? { feedback: secondFeedback } : {}) }));
}
