/**
 * What every question-file parser produces (GIFT, Aiken, Moodle XML, CSV). Parsers are pure: they
 * read bytes and report; the import service stores. Semantics follow Moodle's own importers
 * (question/format/{gift,aiken,xml} in the Moodle source), leniencies included.
 */

export type ImportFormat = 'gift' | 'aiken' | 'moodlexml' | 'csv';

/** The question kinds Abhyas stores; every other kind is skipped and reported. */
export type QuestionType = 'single' | 'multiple' | 'truefalse';

/**
 * How a multiple-answer question is marked: `partial` (a share per correct option, as its fractions
 * say) or `allOrNothing` (full marks for exactly the correct options: Moodle's multichoiceset).
 */
export type Marking = 'partial' | 'allOrNothing';

export type Difficulty = 'easy' | 'medium' | 'hard';

/** How a piece of text was written in the source file. */
export type TextFormat = 'markdown' | 'html' | 'plain' | 'moodle';

/** Where something is in the source: a line for text formats; a question index and element for XML. */
export type Position = { line?: number; column?: number; index?: number; element?: string };

export type ParsedText = { text: string; format: TextFormat };

export type ParsedOption = {
  text: ParsedText;
  /** Moodle's grade fraction, from -1 to 1 (GIFT `%50%` → 0.5; `=` → 1; `~` → 0). */
  fraction: number;
  feedback?: ParsedText;
};

/** An image embedded in the file (Moodle XML `<file encoding="base64">`, legacy `<image_base64>`). */
export type ParsedImage = {
  /** The name the text refers to after `@@PLUGINFILE@@/`. */
  name: string;
  /** Which text the file belongs to: Moodle scopes files per field. */
  field: 'stem' | 'generalFeedback' | { option: number } | { optionFeedback: number };
  data: Buffer;
};

/** Whether two image scopes name the same field. */
export const sameField = (a: ParsedImage['field'], b: ParsedImage['field']): boolean =>
  typeof a === 'string' || typeof b === 'string' ? a === b : JSON.stringify(a) === JSON.stringify(b);

/** The languages a question's texts are written in. */
export type Language = 'en' | 'hi';

/** A question's texts in its second language: as many options as the question's, in the same order. */
export type ParsedTranslation = {
  language: Language;
  stem: ParsedText;
  generalFeedback?: ParsedText;
  options: { text: ParsedText; feedback?: ParsedText }[];
};

/**
 * How a file wrote a question's languages side by side: Moodle's multi-language filter
 * (`<span lang="hi" class="multilang">…</span>`) or its successor (`{mlang hi}…{mlang}`), with the
 * language code it gave each language (`hi`, `hi_in`, `other`…), in the order written.
 */
export type MultilangStyle = { markup: 'span' | 'mlang'; codes: { language: Language; code: string }[] };

export type ParsedQuestion = {
  position: Position;
  type: QuestionType;
  title?: string;
  stem: ParsedText;
  /** For `truefalse`, exactly two options: True then False. */
  options: ParsedOption[];
  generalFeedback?: ParsedText;
  /** The language of the texts, when the file says (multi-language markup, CSV's `_hi` columns); else the importer decides. */
  language?: Language;
  /** The same texts in the other language, when the file has them. */
  translation?: ParsedTranslation;
  /** The multi-language markup the question came in, to write it back the same way. */
  multilang?: MultilangStyle;
  /** Category path as written (`$CATEGORY: top/Quant/Percentages`, XML category), `/`-separated. */
  category?: string;
  tags: string[];
  idNumber?: string;
  defaultMarks?: number;
  /** Moodle's penalty for a wrong try (XML `penalty`), kept for export round trips. */
  penalty?: number;
  shuffleAnswers?: boolean;
  /** Moodle XML `answernumbering`: abc, ABCD, 123, iii, IIII, none. */
  answerNumbering?: string;
  /** For `multiple` only; absent means `partial`. */
  marking?: Marking;
  /** Absent means the importer's default (medium). */
  difficulty?: Difficulty;
  images: ParsedImage[];
};

export type SkippedQuestion = { position: Position; type: string; reason: string };
export type ParseProblem = { position: Position; message: string };

export type ParseResult = {
  format: ImportFormat;
  questions: ParsedQuestion[];
  /** Questions of kinds Abhyas does not store (short answer, matching, essay…), never silently dropped. */
  skipped: SkippedQuestion[];
  /** Things that could not be read; the rest of the file is still read. */
  errors: ParseProblem[];
};

export type ParseOptions = { fileName?: string };
export type Parser = (input: Buffer | string, options?: ParseOptions) => ParseResult;
