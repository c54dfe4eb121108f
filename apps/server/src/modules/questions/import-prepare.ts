import { LANGUAGE_NAMES, MEDIA_DEFAULT_MAX_BYTES } from '@abhyas/contracts';
import { newId } from '../../lib/ids.js';
import type { Image } from '../../lib/images.js';
import { MarkdownTooComplex } from '../../lib/markdown/limits.js';
import { memoisedRenderMarkdown } from '../../lib/markdown/render-memo.js';
import type { ImportFormat, Language, Marking, ParseProblem, ParseResult, ParsedQuestion, Position, SkippedQuestion } from './formats/types.js';
import { resolveQuestionImages } from './question-images.js';
import { contentHash, fractionsFor, normaliseCategoryPath, questionSearchText, toMarkdown } from './question-text.js';
import { renderTranslation, translationColumn, type TranslationTexts } from './question-translation.js';
import type { NewQuestion } from './questions.repo.js';

/**
 * The database-free half of an import: checking, hashing and rendering what a parser read. Pure, so
 * it runs in the import worker for uploads and in-process for the command and the demo seed.
 */

export type PrepareOptions = {
  category?: string | undefined;
  sourceFile?: string | undefined;
  authorId?: string | null | undefined;
  publish?: boolean | undefined;
  mediaMaxBytes?: number | undefined;
  /** The language of questions the file does not say the language of; without it, Devanagari in the stem means Hindi. */
  language?: Language | undefined;
};

export type ImportPreview = { position: Position; type: ParsedQuestion['type']; stem: string; options: number; category: string | null; languages: Language[] };

/** What the database part needs first: the file's verdicts and each accepted question's hash. */
export type Prepared = {
  format: ImportFormat;
  errors: ParseProblem[];
  skipped: SkippedQuestion[];
  byType: Record<string, number>;
  /** Repeated in the file (same content): not created again. */
  duplicatesInFile: number;
  /**
   * The accepted questions' SHA-256 hex hashes (64 characters each) end to end: one string crosses
   * from the worker in a single copy, where 150,000 strings would hold the request loop to unpack.
   */
  hashes: string;
};

export const HASH_LENGTH = 64;

/** A question ready to insert, its category still a path (the writer knows the ids). */
export type RenderedQuestion = NewQuestion & { category: string | null };

/** The prepared questions, read in steps: ask which are fresh, then their rows a chunk at a time. */
export interface ImportSource {
  prepared: Prepared;
  /** `fresh[i]` (1 or 0): whether the i-th hash is new to the bank. Answers the preview and the images to store. */
  select(fresh: Uint8Array): Promise<{ preview: ImportPreview[]; images: Image[] }>;
  /** The rows of the fresh questions `from` to `to` (exclusive), in file order. */
  rows(from: number, to: number, now: number): Promise<RenderedQuestion[]>;
  close(): Promise<void>;
}

const PREVIEW_MAX = 200;
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 6;

/** A question Abhyas can store: 2–6 options, at least one that earns marks, and some text. */
function problemWith(q: ParsedQuestion, stem: string): string | null {
  if (q.options.length < MIN_OPTIONS || q.options.length > MAX_OPTIONS) return `Abhyas supports ${MIN_OPTIONS} to ${MAX_OPTIONS} options; this question has ${q.options.length}`;
  if (!q.options.some((o) => o.fraction > 0)) return 'No option is marked correct';
  if (stem === '') return 'The question text is empty';
  return null;
}

/** A question whose Markdown is past the renderer's limits: the whole import is refused, naming where it is. */
export class ImportRefused extends Error {}

/** A question's rows, or ImportRefused when its Markdown is past the renderer's limits. */
function renderedRows(a: Accepted, rows: () => RenderedQuestion): RenderedQuestion {
  try {
    return rows();
  } catch (err) {
    if (!(err instanceof MarkdownTooComplex)) throw err;
    const where = a.q.position.line ? `The question at line ${a.q.position.line}` : 'A question';
    throw new ImportRefused(`${where}: ${err.message}`);
  }
}

/** A question accepted for import, its texts already converted to Markdown once. */
type Accepted = {
  q: ParsedQuestion;
  hash: string;
  category: string | null;
  stem: string;
  options: { text: string; fraction: number }[];
  marking: Marking;
  images: Image[];
  language: Language;
  translation: TranslationTexts | null;
};

function tagsOf(q: ParsedQuestion): string[] {
  return [...new Set(q.tags.map((t) => t.trim().toLowerCase()).filter((t) => t !== '' && t.length <= 40))].slice(0, 10);
}

function toRows({ q, hash, stem, options, marking, category, language, translation: texts }: Accepted, opts: PrepareOptions, format: ImportFormat, now: number, render: (markdown: string) => string): RenderedQuestion {
  const id = newId();
  const explanation = q.generalFeedback ? toMarkdown(q.generalFeedback) : null;
  const tags = tagsOf(q);
  const translation = texts ? renderTranslation(texts, (_field, markdown) => render(markdown)) : null;
  return {
    category,
    question: {
      id,
      type: q.type,
      title: q.title?.slice(0, 255) ?? null,
      stem,
      stem_html: render(stem),
      explanation,
      explanation_html: explanation ? render(explanation) : null,
      difficulty: q.difficulty ?? 'medium',
      marks: q.defaultMarks ?? 1,
      negative_marks: 0,
      marking: marking === 'allOrNothing' ? 'all_or_nothing' : 'partial',
      category_id: null,
      topic_id: null,
      tags: JSON.stringify(tags),
      language,
      translation: translationColumn(translation),
      multilang: q.multilang ? JSON.stringify(q.multilang) : null,
      source: 'import',
      source_format: format,
      source_file: opts.sourceFile ?? null,
      id_number: q.idNumber ?? null,
      shuffle_options: q.shuffleAnswers === false ? 0 : 1,
      content_hash: hash,
      search_text: questionSearchText(q.title ?? null, stem, options.map((o) => o.text), texts),
      status: opts.publish ? 'published' : 'draft',
      author_id: opts.authorId ?? null,
      created_at: now,
      updated_at: now,
    },
    options: q.options.map((o, position) => {
      const text = options[position]!.text;
      const feedback = o.feedback ? toMarkdown(o.feedback) : null;
      return { question_id: id, position, text, text_html: render(text), fraction: options[position]!.fraction, feedback, feedback_html: feedback ? render(feedback) : null };
    }),
    tags,
  };
}


/**
 * A question's language and its second language's texts as Markdown. The language is the file's
 * word (multi-language markup, CSV's `_hi` columns), else the import's, else Hindi for a stem in
 * Devanagari and English otherwise. A translation missing its stem or an option's text is left out,
 * with the reason.
 */
function languagesOf(q: ParsedQuestion, stem: string, opts: PrepareOptions): { language: Language; translation: TranslationTexts | null; problem?: string } {
  const t = q.translation;
  const language = q.language ?? (t ? (t.language === 'en' ? 'hi' : 'en') : (opts.language ?? (/[\u0900-\u097F]/.test(stem) ? 'hi' : 'en')));
  if (!t || t.language === language) return { language, translation: null };
  const translation: TranslationTexts = {
    language: t.language,
    stem: toMarkdown(t.stem),
    explanation: t.generalFeedback ? toMarkdown(t.generalFeedback) || null : null,
    options: q.options.map((_, i) => {
      const o = t.options[i];
      const feedback = o?.feedback ? toMarkdown(o.feedback) : '';
      return { text: o ? toMarkdown(o.text) : '', ...(feedback ? { feedback } : {}) };
    }),
  };
  const emptyOption = translation.options.findIndex((o) => o.text === '');
  const missing = translation.stem === '' ? 'the question' : emptyOption >= 0 ? `option ${emptyOption + 1}` : null;
  if (!missing) return { language, translation };
  return { language, translation: null, problem: `The ${LANGUAGE_NAMES[t.language]} text of ${missing} is empty: the question is imported in ${LANGUAGE_NAMES[language]} only` };
}

/** Checks each question and hashes its content, leaving out those repeated in the file. */
function accept(parsed: ParseResult, opts: PrepareOptions): { accepted: Accepted[]; prepared: Prepared } {
  const errors = [...parsed.errors];
  const byType: Record<string, number> = {};
  for (const s of parsed.skipped) byType[s.type] = (byType[s.type] ?? 0) + 1;
  const accepted: Accepted[] = [];
  const seen = new Set<string>();
  let duplicatesInFile = 0;
  for (const read of parsed.questions) {
    byType[read.type] = (byType[read.type] ?? 0) + 1;
    const { question: q, images, problems: imageProblems } = resolveQuestionImages(read, opts.mediaMaxBytes ?? MEDIA_DEFAULT_MAX_BYTES);
    const stem = toMarkdown(q.stem);
    const problem = problemWith(q, stem);
    if (problem) {
      errors.push({ position: q.position, message: problem });
      continue;
    }
    for (const message of imageProblems) errors.push({ position: q.position, message });
    // All or nothing applies to multiple-answer questions only; such a question keeps the fractions
    // the editor writes (its correct options are what counts), so typed and imported hash alike.
    const marking: Marking = q.type === 'multiple' && q.marking === 'allOrNothing' ? 'allOrNothing' : 'partial';
    const fractions = marking === 'allOrNothing' ? fractionsFor(q.type, q.options.map((o) => o.fraction > 0)) : q.options.map((o) => o.fraction);
    const options = q.options.map((o, i) => ({ text: toMarkdown(o.text), fraction: fractions[i]! }));
    const { language, translation, problem: untranslated } = languagesOf(q, stem, opts);
    if (untranslated) errors.push({ position: q.position, message: untranslated });
    const hash = contentHash({ type: q.type, stem, options, marking, language, translation });
    if (seen.has(hash)) {
      duplicatesInFile += 1;
      continue;
    }
    seen.add(hash);
    const path = normaliseCategoryPath([opts.category ?? '', q.category ?? ''].filter(Boolean).join('/'));
    accepted.push({ q, hash, category: path || null, stem, options, marking, images, language, translation });
  }
  const prepared = { format: parsed.format, errors, skipped: parsed.skipped, byType, duplicatesInFile, hashes: accepted.map((a) => a.hash).join('') };
  return { accepted, prepared };
}

/** An ImportSource working in this thread. */
export function localImportSource(parsed: ParseResult, opts: PrepareOptions): ImportSource {
  const { accepted, prepared } = accept(parsed, opts);
  let fresh: Accepted[] = [];
  const render = memoisedRenderMarkdown();
  return {
    prepared,
    async select(isFresh) {
      fresh = accepted.filter((_, i) => isFresh[i] === 1);
      return {
        preview: fresh.slice(0, PREVIEW_MAX).map((a) => ({
          position: a.q.position,
          type: a.q.type,
          stem: a.stem.slice(0, 200),
          options: a.q.options.length,
          category: a.category,
          languages: a.translation ? [a.language, a.translation.language] : [a.language],
        })),
        images: [...new Map(fresh.flatMap((a) => a.images).map((i) => [i.key, i])).values()],
      };
    },
    async rows(from, to, now) {
      return fresh.slice(from, to).map((a) => renderedRows(a, () => toRows(a, opts, prepared.format, now, render)));
    },
    async close() {},
  };
}
