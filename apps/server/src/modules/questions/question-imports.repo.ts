import type { Executor } from '../../db/index.js';
import { insertFirstVersions } from './question-versions.repo.js';
import { chunks, firstVersionOf, OPTION_ROWS_PER_STATEMENT, type NewQuestion } from './questions.repo.js';

/*
 * An import's rows: the hidden `question_imports` row its questions are written under, shown at once
 * by publishImport or removed when it fails, and its questions written in chunks.
 */

/**
 * Which of these content hashes are already stored. A question of an import still running counts
 * (a concurrent import of the same file adds nothing twice); one of an abandoned import does not.
 */
export async function existingHashes(db: Executor, hashes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db
      .selectFrom('questions')
      .select('content_hash')
      .where('content_hash', 'in', hashes.slice(i, i + 500))
      .where((eb) => eb.or([eb('import_id', 'is', null), eb('import_id', 'not in', eb.selectFrom('question_imports').select('id').where('state', '=', 'failed'))]))
      .execute();
    for (const r of rows) found.add(r.content_hash);
  }
  return found;
}

/** Starts an import: its questions stay hidden until publishImport. */
export async function beginImport(db: Executor, id: string, now: number): Promise<void> {
  await db.insertInto('question_imports').values({ id, state: 'running', started_at: now, heartbeat_at: now }).execute();
}

/** Shows that a running import is still alive. */
export async function touchImport(db: Executor, id: string, now: number): Promise<void> {
  await db.updateTable('question_imports').set({ heartbeat_at: now }).where('id', '=', id).execute();
}

/** Shows every question of a running import at once; false when the import was abandoned meanwhile. */
export async function publishImport(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('question_imports').where('id', '=', id).where('state', '=', 'running').executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function markImportFailed(db: Executor, id: string): Promise<void> {
  await db.updateTable('question_imports').set({ state: 'failed' }).where('id', '=', id).execute();
}

/** Imports given up, or running without a sign of life since `staleBefore`. */
export async function abandonedImports(db: Executor, staleBefore: number): Promise<string[]> {
  const rows = await db
    .selectFrom('question_imports')
    .select('id')
    .where((eb) => eb.or([eb('state', '=', 'failed'), eb('heartbeat_at', '<', staleBefore)]))
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes up to `limit` questions of an import (options and tags go with them); answers how many. */
export async function deleteImportedQuestions(db: Executor, importId: string, limit: number): Promise<number> {
  const r = await db
    .deleteFrom('questions')
    .where('id', 'in', (eb) => eb.selectFrom('questions').select('id').where('import_id', '=', importId).limit(limit))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteImport(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('question_imports').where('id', '=', id).execute();
}

/** Question rows a statement may carry, within SQLite's 32,766 bound parameters. */
const QUESTION_ROWS_PER_STATEMENT = 200;

/**
 * Inserts questions with their options and tags, a few hundred rows a statement. A question already
 * stored (same content hash) is left alone, and so are its options and tags.
 */
export async function insertQuestions(db: Executor, items: NewQuestion[]): Promise<number> {
  const inserted = new Set<string>();
  for (const batch of chunks(items, QUESTION_ROWS_PER_STATEMENT)) {
    const rows = await db
      .insertInto('questions')
      .values(batch.map((i) => i.question))
      .onConflict((oc) => oc.column('content_hash').doNothing())
      .returning('id')
      .execute();
    for (const r of rows) inserted.add(r.id);
  }
  const kept = items.filter((i) => inserted.has(i.question.id as string));
  for (const batch of chunks(kept.flatMap((i) => i.options), OPTION_ROWS_PER_STATEMENT)) await db.insertInto('question_options').values(batch).execute();
  await insertFirstVersions(db, kept.map(firstVersionOf));
  const tags = kept.flatMap((i) => i.tags.map((tag) => ({ question_id: i.question.id as string, tag })));
  for (const batch of chunks(tags, OPTION_ROWS_PER_STATEMENT)) await db.insertInto('question_tags').values(batch).execute();
  return inserted.size;
}
