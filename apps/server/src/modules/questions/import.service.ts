import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { validationFailed } from '../../lib/errors.js';
import { MarkdownTooComplex } from '../../lib/markdown/limits.js';
import { memoisedRenderMarkdown } from '../../lib/markdown/render-memo.js';
import type { ImportFormat, ParseProblem, ParseResult, ParsedQuestion, Position, SkippedQuestion } from './formats/types.js';
import { MEDIA_DEFAULT_MAX_BYTES } from '@abhyas/contracts';
import type { Image } from '../../lib/images.js';
import { storeCheckedImages } from '../media/media.service.js';
import { resolveQuestionImages } from './question-images.js';
import { contentHash, normaliseCategoryPath, questionSearchText, toMarkdown } from './question-text.js';
import { ensureCategory, existingHashes, insertQuestions, type NewQuestion } from './questions.repo.js';

export type ImportOptions = {
  /** Preview only: report what would be created, skipped and rejected, and write nothing. */
  dryRun: boolean;
  /** Prefix for every category in the file (or the category when the file names none). */
  category?: string;
  sourceFile?: string;
  authorId?: string | null;
  /** Publish the imported questions at once (demo content); otherwise they arrive as drafts. */
  publish?: boolean;
  /** Largest embedded image stored (MEDIA_MAX_BYTES); larger ones are reported and left out. */
  mediaMaxBytes?: number;
};

export type ImportPreview = { position: Position; type: ParsedQuestion['type']; stem: string; options: number; category: string | null };

export type ImportReport = {
  format: ImportFormat;
  dryRun: boolean;
  /** Questions created (or, in a dry run, that would be created). */
  imported: number;
  /** Questions already in the bank (same content), or twice in the file: not created again. */
  duplicates: number;
  /** Distinct images the created questions show, stored with them. */
  images: number;
  skipped: SkippedQuestion[];
  errors: ParseProblem[];
  /** Readable questions by type, skipped kinds included. */
  byType: Record<string, number>;
  preview: ImportPreview[];
};

const PREVIEW_MAX = 200;
const ROWS_PER_CHUNK = 250;
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 6;

/** A question Abhyas can store: 2–6 options, at least one that earns marks, and some text. */
function problemWith(q: ParsedQuestion, stem: string): string | null {
  if (q.options.length < MIN_OPTIONS || q.options.length > MAX_OPTIONS) return `Abhyas supports ${MIN_OPTIONS} to ${MAX_OPTIONS} options; this question has ${q.options.length}`;
  if (!q.options.some((o) => o.fraction > 0)) return 'No option is marked correct';
  if (stem === '') return 'The question text is empty';
  return null;
}

/** A question accepted for import, its texts already converted to Markdown once. */
type Accepted = { q: ParsedQuestion; hash: string; category: string | null; stem: string; options: { text: string; fraction: number }[]; images: Image[] };

function tagsOf(q: ParsedQuestion): string[] {
  return [...new Set(q.tags.map((t) => t.trim().toLowerCase()).filter((t) => t !== '' && t.length <= 40))].slice(0, 10);
}

function toRows({ q, hash, stem, options }: Accepted, categoryId: string | null, opts: ImportOptions, format: ImportFormat, now: number, render: (markdown: string) => string): NewQuestion {
  const id = newId();
  const explanation = q.generalFeedback ? toMarkdown(q.generalFeedback) : null;
  const tags = tagsOf(q);
  return {
    question: {
      id,
      type: q.type,
      title: q.title?.slice(0, 255) ?? null,
      stem,
      stem_html: render(stem),
      explanation,
      explanation_html: explanation ? render(explanation) : null,
      difficulty: 'medium',
      marks: q.defaultMarks ?? 1,
      negative_marks: 0,
      category_id: categoryId,
      topic_id: null,
      tags: JSON.stringify(tags),
      language: /[\u0900-\u097F]/.test(stem) ? 'hi' : 'en',
      source: 'import',
      source_format: format,
      source_file: opts.sourceFile ?? null,
      id_number: q.idNumber ?? null,
      shuffle_options: q.shuffleAnswers === false ? 0 : 1,
      content_hash: hash,
      search_text: questionSearchText(q.title ?? null, stem, options.map((o) => o.text)),
      status: opts.publish ? 'published' : 'draft',
      author_id: opts.authorId ?? null,
      created_at: now,
      updated_at: now,
    },
    options: q.options.map((o, position) => {
      const text = options[position]!.text;
      const feedback = o.feedback ? toMarkdown(o.feedback) : null;
      return { question_id: id, position, text, text_html: render(text), fraction: o.fraction, feedback, feedback_html: feedback ? render(feedback) : null };
    }),
    tags,
  };
}

/** A question's rows, or a 400 naming where it is when its Markdown is past the renderer's limits (nothing is written). */
function renderedRows(a: Accepted, rows: () => NewQuestion): NewQuestion {
  try {
    return rows();
  } catch (err) {
    if (!(err instanceof MarkdownTooComplex)) throw err;
    const where = a.q.position.line ? `The question at line ${a.q.position.line}` : 'A question';
    throw validationFailed([{ field: 'file', message: `${where}: ${err.message}` }]);
  }
}

/**
 * Imports what a parser read: checks each question, leaves out those already in the bank, and in a
 * real run writes everything in one transaction, so a failure leaves nothing half-imported.
 */
export async function importQuestions(deps: { db: Db; clock: Clock }, parsed: ParseResult, opts: ImportOptions): Promise<ImportReport> {
  const errors = [...parsed.errors];
  const byType: Record<string, number> = {};
  for (const s of parsed.skipped) byType[s.type] = (byType[s.type] ?? 0) + 1;

  const accepted: Accepted[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
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
    const options = q.options.map((o) => ({ text: toMarkdown(o.text), fraction: o.fraction }));
    const hash = contentHash({ type: q.type, stem, options });
    if (seen.has(hash)) {
      duplicates += 1;
      continue;
    }
    seen.add(hash);
    const path = normaliseCategoryPath([opts.category ?? '', q.category ?? ''].filter(Boolean).join('/'));
    accepted.push({ q, hash, category: path || null, stem, options, images });
  }
  const stored = await existingHashes(deps.db, accepted.map((a) => a.hash));
  const fresh = accepted.filter((a) => !stored.has(a.hash));
  duplicates += accepted.length - fresh.length;

  let imported = fresh.length;
  const images = [...new Map(fresh.flatMap((a) => a.images).map((i) => [i.key, i])).values()];
  if (!opts.dryRun && fresh.length > 0) {
    const now = deps.clock.now();
    imported = await deps.db.transaction().execute(async (trx) => {
      await storeCheckedImages(trx, images, opts.authorId ?? null, now);
      const categories = new Map<string, string>();
      const render = memoisedRenderMarkdown();
      let count = 0;
      // Rendered a chunk at a time, so memory holds one chunk of rows, not the whole file's.
      for (let i = 0; i < fresh.length; i += ROWS_PER_CHUNK) {
        const rows: NewQuestion[] = [];
        for (const a of fresh.slice(i, i + ROWS_PER_CHUNK)) {
          const categoryId = a.category ? await ensureCategory(trx, a.category, now, categories) : null;
          rows.push(renderedRows(a, () => toRows(a, categoryId, opts, parsed.format, now, render)));
        }
        count += await insertQuestions(trx, rows);
      }
      return count;
    });
  }
  return {
    format: parsed.format,
    dryRun: opts.dryRun,
    imported,
    duplicates,
    images: images.length,
    skipped: parsed.skipped,
    errors,
    byType,
    preview: fresh.slice(0, PREVIEW_MAX).map((a) => ({
      position: a.q.position,
      type: a.q.type,
      stem: a.stem.slice(0, 200),
      options: a.q.options.length,
      category: a.category,
    })),
  };
}
