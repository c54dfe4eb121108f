import type { QuestionVersion } from '@abhyas/contracts';
import { diffWords } from 'diff';

/** A run of text on one side of a comparison: kept, or only on this side. */
export interface DiffPart {
  text: string;
  change: 'same' | 'removed' | 'added';
}

/** One thing compared: the earlier side shows what stayed and what went, the later what stayed and what came. */
export interface SideBySide {
  before: DiffPart[];
  after: DiffPart[];
  changed: boolean;
}

const side = (text: string, change: DiffPart['change']): DiffPart[] => (text ? [{ text, change }] : []);

/** Two texts compared word by word (jsdiff's `diffWords`). */
export function wordDiff(before: string, after: string): SideBySide {
  if (before === after) return { before: side(before, 'same'), after: side(after, 'same'), changed: false };
  const parts = diffWords(before, after);
  return {
    before: parts.filter((p) => !p.added).map((p) => ({ text: p.value, change: p.removed ? 'removed' : 'same' })),
    after: parts.filter((p) => !p.removed).map((p) => ({ text: p.value, change: p.added ? 'added' : 'same' })),
    changed: true,
  };
}

/** Two values compared whole (a number, a type): a change marks all of each side. */
export function wholeDiff(before: string, after: string): SideBySide {
  const changed = before !== after;
  return { before: side(before, changed ? 'removed' : 'same'), after: side(after, changed ? 'added' : 'same'), changed };
}

type Option = QuestionVersion['options'][number];

/** An option in the same place in both versions; null on the side that has no option there. */
export interface OptionPair {
  before: Option | null;
  after: Option | null;
  text: SideBySide;
  feedback: SideBySide;
  /** Whether the option is correct in one version and not in the other. */
  keyChanged: boolean;
}

/** What a comparison shows of a version in words: its type, marking and marks as labels. */
export interface VersionWords {
  type: (type: QuestionVersion['type']) => string;
  marking: (marking: QuestionVersion['marking']) => string;
  marks: (marks: number) => string;
}

/** The texts in the question's other language, compared as the question's own are; options place by place. */
export interface TranslationComparison {
  stem: SideBySide;
  explanation: SideBySide;
  options: { text: SideBySide; feedback: SideBySide }[];
}

export interface VersionComparison {
  type: SideBySide;
  marking: SideBySide;
  marks: SideBySide;
  negativeMarks: SideBySide;
  stem: SideBySide;
  explanation: SideBySide;
  options: OptionPair[];
  /** Null when neither version has texts in another language. */
  translation: TranslationComparison | null;
}

/** Options compared place by place (A with A, B with B): their text, feedback and whether each is correct. */
function compareOptions(before: readonly Option[], after: readonly Option[]): OptionPair[] {
  return Array.from({ length: Math.max(before.length, after.length) }, (_, i) => {
    const a = before[i] ?? null;
    const b = after[i] ?? null;
    return { before: a, after: b, text: wordDiff(a?.text ?? '', b?.text ?? ''), feedback: wordDiff(a?.feedback ?? '', b?.feedback ?? ''), keyChanged: (a?.correct ?? false) !== (b?.correct ?? false) };
  });
}

type Translation = QuestionVersion['translation'];

/** The other-language texts of two versions compared; a version without them compares as empty texts. */
function compareTranslations(before: Translation, after: Translation): TranslationComparison | null {
  if (!before && !after) return null;
  return {
    stem: wordDiff(before?.stem ?? '', after?.stem ?? ''),
    explanation: wordDiff(before?.explanation ?? '', after?.explanation ?? ''),
    options: Array.from({ length: Math.max(before?.options.length ?? 0, after?.options.length ?? 0) }, (_, i) => {
      const a = before?.options[i];
      const b = after?.options[i];
      return { text: wordDiff(a?.text ?? '', b?.text ?? ''), feedback: wordDiff(a?.feedback ?? '', b?.feedback ?? '') };
    }),
  };
}

/** Two versions of a question side by side, from `before` to `after`, each difference marked. */
export function compareVersions(before: QuestionVersion, after: QuestionVersion, words: VersionWords): VersionComparison {
  return {
    type: wholeDiff(words.type(before.type), words.type(after.type)),
    marking: wholeDiff(words.marking(before.marking), words.marking(after.marking)),
    marks: wholeDiff(words.marks(before.marks), words.marks(after.marks)),
    negativeMarks: wholeDiff(words.marks(before.negativeMarks), words.marks(after.negativeMarks)),
    stem: wordDiff(before.stem, after.stem),
    explanation: wordDiff(before.explanation ?? '', after.explanation ?? ''),
    options: compareOptions(before.options, after.options),
    translation: compareTranslations(before.translation, after.translation),
  };
}
