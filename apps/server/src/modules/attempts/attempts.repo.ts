import { CompiledQuery, PostgresAdapter, sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../db/index.js';
import type { AttemptAnswersTable, AttemptQuestionsTable, AttemptRow, AttemptsTable } from './attempts.table.js';

export type AnswerRow = Selectable<AttemptAnswersTable>;
export type NewAttempt = Insertable<AttemptsTable>;

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Rows a statement may carry, within SQLite's bound-parameter limit. */
const ROWS_PER_STATEMENT = 200;

export function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Starting

/**
 * Holds the candidate's starts on one test until the transaction ends, so two starts at once cannot
 * both find no open attempt. SQLite has one writer at a time already.
 */
export async function lockStarts(trx: Executor, userId: string, testId: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${`attempt-start:${userId}:${testId}`}, 0))`.execute(trx);
}

/** The candidate's open attempt at the test, the latest started, with its bounds. */
export async function openAttemptOf(db: Executor, userId: string, testId: string) {
  return db
    .selectFrom('attempts')
    .select(['id', 'started_at', 'ends_at', 'grace_ms'])
    .where('user_id', '=', userId)
    .where('test_id', '=', testId)
    .where('status', '=', 'open')
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
}

export async function countAttempts(db: Executor, userId: string, testId: string): Promise<number> {
  const row = await db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('test_id', '=', testId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAttempt(trx: Executor, attempt: NewAttempt, questions: Insertable<AttemptQuestionsTable>[]): Promise<void> {
  await trx.insertInto('attempts').values(attempt).execute();
  for (const batch of chunks(questions)) await trx.insertInto('attempt_questions').values(batch).execute();
}

// ---------------------------------------------------------------------------------------------
// Reading

const STATE_COLUMNS = ['id', 'user_id', 'behaviour', 'test_id', 'status', 'started_at', 'ends_at', 'grace_ms', 'locked_sections', 'extra_minutes_per_hour', 'device_id'] as const;
export type AttemptState = Pick<AttemptRow, (typeof STATE_COLUMNS)[number]>;

/*
 * The save path's two statements are written once per dialect and run as they are: building them
 * through the query builder on every save cost more than running them (the answer-save benchmark).
 */
const STATE_SQL = {
  sqlite: `select ${STATE_COLUMNS.join(', ')} from attempts where id = ?`,
  postgres: `select ${STATE_COLUMNS.join(', ')} from attempts where id = $1`,
};

/** What a save checks, by primary key: nothing more is read per save. */
export async function attemptState(db: Executor, id: string): Promise<AttemptState | undefined> {
  const result = await db.executeQuery<AttemptState>(CompiledQuery.raw(STATE_SQL[isPostgres(db) ? 'postgres' : 'sqlite'], [id]));
  return result.rows[0];
}

/** What a device watching the attempt asks about, by primary key: its status, writer and who submitted it. */
export async function attemptWatchRow(db: Executor, id: string) {
  return db
    .selectFrom('attempts')
    .select(['user_id', 'behaviour', 'status', 'ends_at', 'grace_ms', 'device_id', 'submitted_by', 'submitted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function attemptLayoutJson(db: Executor, id: string): Promise<string | undefined> {
  return (await db.selectFrom('attempts').select('sections').where('id', '=', id).executeTakeFirst())?.sections;
}

/** An attempt's row; what it shows of its paper comes through the paper port. */
export async function attemptRow(db: Executor, id: string): Promise<AttemptRow | undefined> {
  return db.selectFrom('attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function answerRows(db: Executor, attemptId: string): Promise<AnswerRow[]> {
  return db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).execute();
}

export async function answerRow(db: Executor, attemptId: string, questionId: string): Promise<AnswerRow | undefined> {
  return db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).where('question_id', '=', questionId).executeTakeFirst();
}

/** The highest sequence number among the attempt's stored answers (0 when none). */
export async function maxAnswerSeq(db: Executor, attemptId: string): Promise<number> {
  const row = await db
    .selectFrom('attempt_answers')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('attempt_id', '=', attemptId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The lowest sequence number among the attempt's stored answers to these questions, or null. */
export async function lowestAnswerSeq(db: Executor, attemptId: string, questionIds: readonly string[]): Promise<number | null> {
  if (questionIds.length === 0) return null;
  const row = await db
    .selectFrom('attempt_answers')
    .select((eb) => eb.fn.min('seq').as('seq'))
    .where('attempt_id', '=', attemptId)
    .where('question_id', 'in', questionIds)
    .executeTakeFirst();
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}

// ---------------------------------------------------------------------------------------------
// Saving

export type AnswerWrite = {
  attemptId: string;
  questionId: string;
  choice: string;
  markedForReview: number;
  confidence: AnswerRow['confidence'];
  seq: number;
  savedAt: number;
  timeSpentMs: number;
};

const ANSWER_COLUMNS = 'attempt_id, question_id, choice, marked_for_review, confidence, seq, saved_at, time_spent_ms';
const upsertText = (postgres: boolean, asWriter = false) => {
  const p = (n: number) => (postgres ? `$${n}` : '?');
  const writer = asWriter ? ` and (device_id is null or device_id = ${p(9)})` : '';
  return (
    `insert into attempt_answers (${ANSWER_COLUMNS}) ` +
    `select id, ${[1, 2, 3, 4, 5, 6, 7].map(p).join(', ')} from attempts${postgres ? '' : ' indexed by attempts_writer_idx'} ` +
    `where id = ${p(8)} and status = 'open'${writer}${postgres ? ' for share' : ''} ` +
    'on conflict (attempt_id, question_id) do update set choice = excluded.choice, marked_for_review = excluded.marked_for_review, ' +
    'confidence = excluded.confidence, seq = excluded.seq, saved_at = excluded.saved_at, time_spent_ms = excluded.time_spent_ms ' +
    'where attempt_answers.seq < excluded.seq ' +
    `returning ${ANSWER_COLUMNS}, mark, outcome`
  );
};
const UPSERT_SQL = { sqlite: upsertText(false), postgres: upsertText(true) };
const UPSERT_AS_WRITER_SQL = { sqlite: upsertText(false, true), postgres: upsertText(true, true) };

/**
 * Writes a save unless a save with the same or a higher sequence number is stored for the question,
 * and only while the attempt is open: the attempt's status is checked by the same statement, so a
 * save racing a submission is either marked with it or not written at all (PostgreSQL holds the
 * attempt row shared until the save commits). With `writer`, only while that device may write (no
 * device yet, or this one), checked by the same statement too. On SQLite the check reads the attempt
 * through `attempts_writer_idx` alone, never its row. Answers the stored row when it was written.
 */
export async function upsertAnswer(db: Executor, a: AnswerWrite, writer?: { deviceId: string | null }): Promise<AnswerRow | undefined> {
  const postgres = isPostgres(db);
  const params = [a.questionId, a.choice, a.markedForReview, a.confidence, a.seq, a.savedAt, a.timeSpentMs, a.attemptId];
  const text = writer ? UPSERT_AS_WRITER_SQL : UPSERT_SQL;
  const result = await db.executeQuery<AnswerRow>(CompiledQuery.raw(text[postgres ? 'postgres' : 'sqlite'], writer ? [...params, writer.deviceId] : params));
  return result.rows[0];
}

/** Makes a device the attempt's writer, while it is open. */
export async function setWriter(db: Executor, id: string, deviceId: string, lastSeq: number): Promise<boolean> {
  const r = await db.updateTable('attempts').set({ device_id: deviceId, last_seq: lastSeq }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Submitting

/**
 * Closes an open attempt: the one conditional update that decides who submits it, so with several
 * processes each attempt is submitted exactly once. False when it was already closed.
 */
export async function claimAttempt(trx: Executor, id: string, now: number, by: 'candidate' | 'server'): Promise<boolean> {
  const r = await trx
    .updateTable('attempts')
    .set({ status: 'submitted', submitted_at: now, submitted_by: by })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type MarkWrite = AnswerRow;

/** Writes the marks and outcomes of stored answers. */
export async function writeMarks(trx: Executor, rows: MarkWrite[]): Promise<void> {
  for (const batch of chunks(rows, 100)) {
    await trx
      .insertInto('attempt_answers')
      .values(batch)
      .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({ mark: eb.ref('excluded.mark'), outcome: eb.ref('excluded.outcome') })))
      .execute();
  }
}

export type ScoreWrite = Pick<AttemptRow, 'score' | 'max_score' | 'correct' | 'wrong' | 'partial' | 'unattempted' | 'time_spent_ms' | 'last_seq'>;

export async function writeScore(trx: Executor, id: string, score: ScoreWrite): Promise<void> {
  await trx.updateTable('attempts').set(score).where('id', '=', id).execute();
}

/** Open timed attempts past their end and grace, oldest deadline first. */
export async function overdueAttemptIds(db: Executor, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('attempts')
    .select('id')
    .where('status', '=', 'open')
    .where('ends_at', '<', now)
    .where((eb) => eb(eb('ends_at', '+', eb.ref('grace_ms')), '<', now))
    .orderBy('ends_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Results

/** A candidate's timed attempts, newest first. */
export async function timedAttemptsOf(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('attempts')
    .select(['id', 'behaviour', 'test_id', 'status', 'attempt_number', 'ranked', 'started_at', 'ends_at', 'grace_ms', 'submitted_at', 'score', 'max_score'])
    .where('user_id', '=', userId)
    .where('behaviour', '=', 'timed')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function firstSubmittedAttemptId(db: Executor, userId: string, testId: string): Promise<string | null> {
  const row = await db.selectFrom('attempts').select('id').where('user_id', '=', userId).where('test_id', '=', testId).where('status', '=', 'submitted').orderBy('started_at').limit(1).executeTakeFirst();
  return row?.id ?? null;
}
