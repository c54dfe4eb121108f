import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, QuestionOptionsTable, QuestionsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

type Executor = Kysely<Database> | Transaction<Database>;

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

/** Inserts questions with their options and tags; one already stored (same content hash) is left alone. */
export async function insertQuestions(db: Executor, items: NewQuestion[]): Promise<number> {
  let inserted = 0;
  for (const item of items) {
    const row = await db
      .insertInto('questions')
      .values(item.question)
      .onConflict((oc) => oc.column('content_hash').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) continue;
    inserted += 1;
    await db.insertInto('question_options').values(item.options).execute();
    if (item.tags.length > 0) await db.insertInto('question_tags').values(item.tags.map((tag) => ({ question_id: row.id, tag }))).execute();
  }
  return inserted;
}
