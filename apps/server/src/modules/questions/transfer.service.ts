import type { QuestionTranslation } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import type { AuditActor } from '../audit/audit.service.js';
import { storedImages } from '../media/media.service.js';
import { exportAiken } from './formats/aiken/export-aiken.js';
import { exportCsvDetailed } from './formats/csv/export-csv.js';
import { notTextProblem, nulProblem } from './formats/binary.js';
import { detectFormat } from './formats/detect.js';
import { exportGift } from './formats/gift/export-gift.js';
import type { ImportFormat, Language, MultilangStyle, ParsedQuestion, ParsedTranslation, SkippedQuestion } from './formats/types.js';
import { importQuestions, runImport, type ImportOptions, type ImportReport } from './import.service.js';
import { ImportRefused } from './import-prepare.js';
import { workerImportSource } from './import-worker.js';
import { embedQuestionImages, mediaKeysIn } from './question-images.js';
import { normaliseCategoryPath } from './question-text.js';
import { toAdminQuestion } from './questions.dto.js';
import { listQuestionRows, optionsFor } from './questions.repo.js';

type Deps = { db: Db; clock: Clock };
const EXPORT_MAX = 10_000;
const markdown = (text: string) => ({ text, format: 'markdown' as const });

/**
 * The parsers (with fast-xml-parser and csv-parse) and the Moodle XML writer are loaded by the first
 * import or export that needs them: a serving process otherwise never uses them.
 */
const parsers = async () => (await import('./formats/registry.js')).PARSERS;

/** Files this small parse in a few milliseconds: starting a worker for them would cost more than it saves. */
const IN_THREAD_MAX_BYTES = 64 * 1024;

/**
 * Imports an uploaded file: the same checks and report as the CLI. A file that is not text is
 * refused at once; a larger one is parsed and rendered in a worker thread (docs/decisions/014).
 */
export async function importFile(
  deps: Deps,
  actor: AuditActor,
  bytes: Buffer,
  opts: {
    format?: ImportFormat | undefined;
    fileName?: string | undefined;
    category?: string | undefined;
    dryRun: boolean;
    authorId: string;
    mediaMaxBytes: number;
    /** The language of questions without multi-language markup. */
    language?: Language | undefined;
  },
): Promise<ImportReport> {
  const notText = notTextProblem(bytes);
  if (notText) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, notText);
  const nul = nulProblem(bytes);
  if (nul) throw validationFailed([{ field: 'file', message: nul }]);
  const format = opts.format ?? detectFormat(opts.fileName, bytes.subarray(0, 8192).toString('utf8'));
  if (!format) throw validationFailed([{ field: 'format', message: 'Cannot tell the file format; choose GIFT, Aiken, Moodle XML or CSV' }]);
  const options: ImportOptions = {
    dryRun: opts.dryRun,
    authorId: opts.authorId,
    mediaMaxBytes: opts.mediaMaxBytes,
    ...(opts.category ? { category: opts.category } : {}),
    ...(opts.fileName ? { sourceFile: opts.fileName } : {}),
    ...(opts.language ? { language: opts.language } : {}),
  };
  try {
    if (bytes.length <= IN_THREAD_MAX_BYTES) return await importQuestions(deps, actor, (await parsers())[format](bytes, opts.fileName ? { fileName: opts.fileName } : {}), options);
    return await runImport(deps, actor, await workerImportSource(bytes, format, opts.fileName, options), options);
  } catch (err) {
    // Nothing of a refused import stays: the import removes what it wrote before rethrowing.
    if (err instanceof ImportRefused) throw validationFailed([{ field: 'file', message: err.message }]);
    throw err;
  }
}

/** The stored questions of a category (with its sub-categories) or a selection, as parsed questions. */
async function questionsFor(deps: Deps, selection: { category?: string | undefined; ids?: string[] | undefined }): Promise<ParsedQuestion[]> {
  const { rows } = await listQuestionRows(deps.db, {
    terms: [],
    ...(selection.category ? { category: normaliseCategoryPath(selection.category) } : {}),
    offset: 0,
    limit: EXPORT_MAX,
  });
  const wanted = selection.ids ? new Set(selection.ids) : null;
  const chosen = wanted ? rows.filter((r) => wanted.has(r.id)) : rows;
  const options = await optionsFor(deps.db, chosen.map((r) => r.id));
  return chosen
    .map((r) => ({ q: toAdminQuestion(r, options.get(r.id) ?? [], null), multilang: r.multilang }))
    .reverse()
    .map(({ q, multilang }, i) => ({
      position: { index: i + 1 },
      type: q.type,
      ...(q.title ? { title: q.title } : {}),
      stem: markdown(q.stem),
      options: q.options.map((o) => ({ text: markdown(o.text), fraction: o.fraction, ...(o.feedback ? { feedback: markdown(o.feedback) } : {}) })),
      ...(q.explanation ? { generalFeedback: markdown(q.explanation) } : {}),
      language: q.language,
      ...(q.translation ? { translation: parsedTranslation(q.translation) } : {}),
      ...(multilang ? { multilang: JSON.parse(multilang) as MultilangStyle } : {}),
      ...(q.categoryPath ? { category: q.categoryPath } : {}),
      tags: q.tags,
      defaultMarks: q.marks,
      difficulty: q.difficulty,
      ...(q.marking === 'allOrNothing' ? { marking: q.marking } : {}),
      images: [],
    }));
}

const parsedTranslation = (t: QuestionTranslation): ParsedTranslation => ({
  language: t.language,
  stem: markdown(t.stem),
  ...(t.explanation ? { generalFeedback: markdown(t.explanation) } : {}),
  options: t.options.map((o) => ({ text: markdown(o.text), ...(o.feedback ? { feedback: markdown(o.feedback) } : {}) })),
});

/** Moodle XML carries its images inside the file: the stored images each question shows, embedded. */
async function withEmbeddedImages(deps: Deps, questions: ParsedQuestion[]): Promise<ParsedQuestion[]> {
  const keys = [...new Set(questions.flatMap(mediaKeysIn))];
  if (keys.length === 0) return questions;
  const stored = await storedImages(deps, keys);
  return questions.map((q) => embedQuestionImages(q, stored));
}

const FILES: Record<ImportFormat, { extension: string; type: string }> = {
  gift: { extension: 'gift', type: 'text/plain; charset=utf-8' },
  aiken: { extension: 'txt', type: 'text/plain; charset=utf-8' },
  moodlexml: { extension: 'xml', type: 'application/xml; charset=utf-8' },
  csv: { extension: 'csv', type: 'text/csv; charset=utf-8' },
};

/** The media types an export can have, one per format. */
export const EXPORT_CONTENT_TYPES = [...new Set(Object.values(FILES).map((file) => file.type.split(';')[0]!))];

/** Writes questions in a format other tools (Moodle first) import; what the format cannot hold is listed. */
export async function exportQuestions(deps: Deps, format: ImportFormat, selection: { category?: string | undefined; ids?: string[] | undefined }) {
  const questions = await questionsFor(deps, selection);
  let text: string;
  let skipped: SkippedQuestion[] = [];
  if (format === 'gift') text = exportGift(questions);
  else if (format === 'moodlexml') {
    const { exportMoodleXml } = await import('./formats/moodlexml/export-moodlexml.js');
    text = exportMoodleXml(await withEmbeddedImages(deps, questions));
  }
  else ({ text, skipped } = format === 'csv' ? exportCsvDetailed(questions) : exportAiken(questions));
  const stamp = new Date(deps.clock.now()).toISOString().slice(0, 10);
  return { text, skipped, count: questions.length - skipped.length, fileName: `abhyas-questions-${stamp}.${FILES[format].extension}`, contentType: FILES[format].type };
}
