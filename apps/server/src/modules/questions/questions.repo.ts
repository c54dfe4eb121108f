import type { Insertable } from 'kysely';
import type { QuestionOptionsTable, QuestionsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { Executor } from '../../db/index.js';

/** Which of these content hashes are already stored. */
export async function existingHashes(db: Executor, hashes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db.selectFrom('questions').select('content_hash').where('content_hash', 'in', hashes.slice(i, i + 500)).execute();
    for (const r of rows) found.add(r.content_hash);
  }
  return found;
}

/** The id of a category path, creating it and its missing parents. */
export async function ensureCategory(db: Executor, path: string, now: number, known: Map<string, string>): Promise<string> {
  const cached = known.get(path);
  if (cached) return cached;
  const parts = path.split('/');
  let parentId: string | null = null;
  for (let depth = 1; depth <= parts.length; depth += 1) {
    const sub = parts.slice(0, depth).join('/');
    let id = known.get(sub);
    if (!id) {
      await db
        .insertInto('question_categories')
        .values({ id: newId(), parent_id: parentId, name: parts[depth - 1]!, path: sub, created_at: now })
        .onConflict((oc) => oc.column('path').doNothing())
        .execute();
      id = (await db.selectFrom('question_categories').select('id').where('path', '=', sub).executeTakeFirstOrThrow()).id;
      known.set(sub, id);
    }
    parentId = id;
  }
  return parentId!;
}

export type NewQuestion = { question: Insertable<QuestionsTable>; options: Insertable<QuestionOptionsTable>[]; tags: string[] };

/** Rows a statement may carry, within SQLite's 32,766 bound parameters. */
const QUESTION_ROWS_PER_STATEMENT = 200;
const OPTION_ROWS_PER_STATEMENT = 1000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

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
  const tags = kept.flatMap((i) => i.tags.map((tag) => ({ question_id: i.question.id as string, tag })));
  for (const batch of chunks(tags, OPTION_ROWS_PER_STATEMENT)) await db.insertInto('question_tags').values(batch).execute();
  return inserted.size;
}
