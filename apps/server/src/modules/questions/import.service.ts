import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { Image } from '../../lib/images.js';
import { recordAudit, type AuditActor, type AuditChange } from '../audit/audit.service.js';
import { storeCheckedImages } from '../media/media.service.js';
import type { ImportFormat, ParseProblem, ParseResult, SkippedQuestion } from './formats/types.js';
import { HASH_LENGTH, localImportSource, type ImportPreview, type ImportSource, type PrepareOptions, type RenderedQuestion } from './import-prepare.js';
import {
  abandonedImports,
  beginImport,
  deleteImport,
  deleteImportedQuestions,
  existingHashes,
  insertQuestions,
  markImportFailed,
  publishImport,
  touchImport,
} from './question-imports.repo.js';
import { ensureCategory } from './questions.repo.js';

type Deps = { db: Db; clock: Clock };

export type ImportOptions = PrepareOptions & {
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

const FORMAT_NAMES: Record<ImportFormat, string> = { gift: 'GIFT', aiken: 'Aiken', moodlexml: 'Moodle XML', csv: 'CSV' };

/** Questions written per transaction: each holds SQLite's one connection for a few milliseconds. */
const ROWS_PER_CHUNK = 100;
/** Chunks asked of the source before the one being written is done. */
const CHUNKS_AHEAD = 4;
/** Hashes looked up between two yields to other requests. */
const HASHES_PER_STEP = 2000;
const DELETES_PER_STEP = 500;
/** A running import renews its heartbeat every chunk; one silent this long was cut off (a crash, a lost database). */
const STALE_AFTER_MS = 10 * 60_000;

/** Which of the packed hashes are new to the bank (1) or already there (0), a step at a time. */
async function freshMask(db: Db, packed: string): Promise<Uint8Array> {
  const fresh = new Uint8Array(packed.length / HASH_LENGTH);
  for (let start = 0; start < fresh.length; start += HASHES_PER_STEP) {
    const step: string[] = [];
    for (let i = start; i < Math.min(start + HASHES_PER_STEP, fresh.length); i++) step.push(packed.slice(i * HASH_LENGTH, (i + 1) * HASH_LENGTH));
    const stored = await existingHashes(db, step);
    step.forEach((h, i) => (fresh[start + i] = stored.has(h) ? 0 : 1));
    await yieldToLoop();
  }
  return fresh;
}

/** Removes an abandoned import's hidden questions a step at a time, then the import itself. */
async function removeImport(db: Db, id: string): Promise<void> {
  await markImportFailed(db, id);
  while ((await deleteImportedQuestions(db, id, DELETES_PER_STEP)) > 0) await yieldToLoop();
  await deleteImport(db, id);
}

/** Clears what imports cut off earlier left behind, so their questions neither block nor count as duplicates. */
async function purgeAbandonedImports(deps: Deps): Promise<void> {
  for (const id of await abandonedImports(deps.db, deps.clock.now() - STALE_AFTER_MS)) await removeImport(deps.db, id);
}

/**
 * Writes the fresh questions a chunk at a time, each chunk its own short transaction with a yield to
 * other requests after it, under an import that hides them; publishing is one statement that shows
 * them all. On any failure nothing becomes visible, and what was written is removed (docs/decisions/014).
 */
async function writeInChunks(deps: Deps, actor: AuditActor, source: ImportSource, freshCount: number, images: Image[], opts: ImportOptions, record: (imported: number) => AuditChange): Promise<number> {
  const { db } = deps;
  const importId = newId();
  const now = deps.clock.now();
  await beginImport(db, importId, now);
  const ahead: Promise<RenderedQuestion[]>[] = [];
  try {
    await storeCheckedImages(db, images, opts.authorId ?? null, now);
    const categories = new Map<string, string>();
    let count = 0;
    // Chunks render (in the worker, for uploads) a few ahead while earlier ones are written.
    let asked = 0;
    const askMore = () => {
      for (; asked < freshCount && ahead.length < CHUNKS_AHEAD; asked += ROWS_PER_CHUNK) ahead.push(source.rows(asked, asked + ROWS_PER_CHUNK, now));
    };
    askMore();
    while (ahead.length > 0) {
      const rendered = await ahead.shift()!;
      askMore();
      // The rows go to the insert as they came from the worker; only their two ids are filled in.
      for (const row of rendered) {
        row.question.category_id = row.category ? await ensureCategory(db, row.category, now, categories) : null;
        row.question.import_id = importId;
      }
      count += await db.transaction().execute(async (trx) => {
        await touchImport(trx, importId, deps.clock.now());
        return insertQuestions(trx, rendered);
      });
      await yieldToLoop();
    }
    const published = await db.transaction().execute(async (trx) => {
      if (!(await publishImport(trx, importId))) return false;
      if (count > 0) await recordAudit(trx, deps.clock, actor, record(count));
      return true;
    });
    if (!published) throw new Error('The import was cut off before it finished; nothing was imported');
    return count;
  } catch (err) {
    for (const p of ahead) p.catch(() => undefined);
    // Best effort: when the database itself is gone, the hidden questions stay hidden, and the next
    // import clears them once this one's heartbeat is stale.
    await removeImport(db, importId).catch(() => undefined);
    throw err;
  }
}

/** The audit trail's record of an import that wrote questions: the file, its format and the counts of its report. */
function importRecord(report: Omit<ImportReport, 'preview' | 'byType'>, opts: ImportOptions): AuditChange {
  const file = opts.sourceFile ?? null;
  return {
    kind: 'questions.imported',
    object: { type: 'question', id: null, label: file ?? `A ${FORMAT_NAMES[report.format]} file` },
    after: {
      file,
      format: report.format,
      ...(opts.category ? { category: opts.category } : {}),
      imported: report.imported,
      duplicates: report.duplicates,
      skipped: report.skipped.length,
      errors: report.errors.length,
      images: report.images,
      status: opts.publish ? 'published' : 'draft',
    },
  };
}

/**
 * Imports prepared questions: leaves out those already in the bank, and in a real run writes the
 * rest so that they appear all together or not at all, with one record in the audit trail when it
 * wrote any (a dry run writes nothing and records nothing).
 */
export async function runImport(deps: Deps, actor: AuditActor, source: ImportSource, opts: ImportOptions): Promise<ImportReport> {
  try {
    const { prepared } = source;
    if (!opts.dryRun) await purgeAbandonedImports(deps);
    const fresh = await freshMask(deps.db, prepared.hashes);
    const freshCount = fresh.reduce((n, f) => n + f, 0);
    const { preview, images } = await source.select(fresh);
    const report = {
      format: prepared.format,
      dryRun: opts.dryRun,
      duplicates: prepared.duplicatesInFile + fresh.length - freshCount,
      images: images.length,
      skipped: prepared.skipped,
      errors: prepared.errors,
    };
    const imported = !opts.dryRun && freshCount > 0 ? await writeInChunks(deps, actor, source, freshCount, images, opts, (n) => importRecord({ ...report, imported: n }, opts)) : freshCount;
    return { ...report, imported, byType: prepared.byType, preview };
  } finally {
    await source.close();
  }
}

/** Imports what a parser read, in this thread (the command line and the demo seed). */
export async function importQuestions(deps: Deps, actor: AuditActor, parsed: ParseResult, opts: ImportOptions): Promise<ImportReport> {
  return runImport(deps, actor, localImportSource(parsed, opts), opts);
}
