import { PostgresAdapter, type Selectable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { BookmarksTable, ReviewCardsTable } from './practice.table.js';

export type ReviewCardRow = Selectable<ReviewCardsTable>;

/** Rows a statement may carry in an `in (…)` list, well within SQLite's bound parameters. */
const IDS_PER_STATEMENT = 500;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One candidate's cards of some questions, or one question's cards of some candidates. */
export type CardsOf = { userId: string; questionIds: string[] } | { questionId: string; userIds: string[] };

function cardsWhere(by: CardsOf) {
  return 'userId' in by ? ({ fixed: ['user_id', by.userId], listed: ['question_id', by.questionIds] } as const) : ({ fixed: ['question_id', by.questionId], listed: ['user_id', by.userIds] } as const);
}

/**
 * The cards asked for, by the id that varies (question ids for one candidate, user ids for one
 * question). Inside a transaction on PostgreSQL the rows are locked, so two answers scheduling the
 * same card at once are applied one after the other.
 */
export async function cardsFor(trx: Executor, by: CardsOf): Promise<Map<string, ReviewCardRow>> {
  const { fixed, listed } = cardsWhere(by);
  const found = new Map<string, ReviewCardRow>();
  for (const ids of chunks(listed[1], IDS_PER_STATEMENT)) {
    const query = trx.selectFrom('review_cards').selectAll().where(fixed[0], '=', fixed[1]).where(listed[0], 'in', ids).orderBy(listed[0]);
    const rows = trx.getExecutor().adapter instanceof PostgresAdapter ? await query.forUpdate().execute() : await query.execute();
    for (const row of rows) found.set(row[listed[0]], row);
  }
  return found;
}

/** Cards a statement writes: 13 values each, well within SQLite's bound parameters. */
const CARDS_PER_STATEMENT = 250;

/** Writes cards, creating each or replacing its schedule; at most one row per candidate and question. */
export async function saveCards(trx: Executor, rows: ReviewCardsTable[]): Promise<void> {
  for (const batch of chunks(rows, CARDS_PER_STATEMENT)) {
    await trx
      .insertInto('review_cards')
      .values(batch)
      .onConflict((oc) =>
        oc.columns(['user_id', 'question_id']).doUpdateSet((eb) => ({
          due: eb.ref('excluded.due'),
          stability: eb.ref('excluded.stability'),
          difficulty: eb.ref('excluded.difficulty'),
          elapsed_days: eb.ref('excluded.elapsed_days'),
          scheduled_days: eb.ref('excluded.scheduled_days'),
          learning_steps: eb.ref('excluded.learning_steps'),
          reps: eb.ref('excluded.reps'),
          lapses: eb.ref('excluded.lapses'),
          state: eb.ref('excluded.state'),
          last_review: eb.ref('excluded.last_review'),
        })),
      )
      .execute();
  }
}

export type ShelfCardRow = Pick<ReviewCardRow, 'question_id' | 'due' | 'scheduled_days' | 'state'>;

/** Every card of a candidate, earliest due first. */
export async function shelfCards(db: Executor, userId: string): Promise<ShelfCardRow[]> {
  return db
    .selectFrom('review_cards')
    .select(['question_id', 'due', 'scheduled_days', 'state'])
    .where('user_id', '=', userId)
    .orderBy('due')
    .orderBy('question_id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Bookmarks

/** Bookmarks a question; answers nothing new when it is already bookmarked. */
export async function insertBookmark(db: Executor, row: BookmarksTable): Promise<void> {
  await db.insertInto('bookmarks').values(row).onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing()).execute();
}

export async function deleteBookmark(db: Executor, userId: string, questionId: string): Promise<void> {
  await db.deleteFrom('bookmarks').where('user_id', '=', userId).where('question_id', '=', questionId).execute();
}

/** A candidate's bookmarks, newest first. */
export async function bookmarkRows(db: Executor, userId: string, limit: number): Promise<Selectable<BookmarksTable>[]> {
  return db
    .selectFrom('bookmarks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('question_id')
    .limit(limit)
    .execute();
}

/** Which of these questions a candidate has bookmarked. */
export async function bookmarkedAmong(db: Executor, userId: string, questionIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const ids of chunks([...new Set(questionIds)], IDS_PER_STATEMENT)) {
    const rows = await db.selectFrom('bookmarks').select('question_id').where('user_id', '=', userId).where('question_id', 'in', ids).execute();
    for (const row of rows) found.add(row.question_id);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Recently seen questions (read from the attempt engine's tables; nothing here writes them)

/** The questions a candidate answered in any attempt (practice or test) since `since`, each with when it was last answered. */
export async function answeredSince(db: Executor, userId: string, since: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('attempt_answers as aa')
    .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
    .select((eb) => ['aa.question_id', eb.fn.max<number>('aa.saved_at').as('at')])
    .where('a.user_id', '=', userId)
    .where('aa.saved_at', '>=', since)
    .groupBy('aa.question_id')
    .execute();
  return new Map(rows.map((r) => [r.question_id, Number(r.at)]));
}

/** Takes these cards off the mistakes shelf. */
export async function deleteCards(db: Executor, by: CardsOf): Promise<void> {
  const { fixed, listed } = cardsWhere(by);
  for (const ids of chunks(listed[1], IDS_PER_STATEMENT)) await db.deleteFrom('review_cards').where(fixed[0], '=', fixed[1]).where(listed[0], 'in', ids).execute();
}
