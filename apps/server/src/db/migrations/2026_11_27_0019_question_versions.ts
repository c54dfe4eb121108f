import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
//
// Questions keep their history. Every question has numbered versions (what a candidate is shown and
// marked by: type, marking, stem, explanation, marks, options with their grade fractions); an attempt
// names the version it was given, and an edit of a version some attempt has used writes the next one.
// A used question or test is archived, never deleted, and no foreign key from attempt data cascades
// on a question or test delete: the database itself refuses the delete of one an attempt names.

/** The foreign keys that lose their cascade: table, column, the table it references, whether the column is required. */
const UNCASCADED = [
  ['attempts', 'test_id', 'tests', false],
  ['attempt_questions', 'question_id', 'questions', true],
  ['test_question_stats', 'test_id', 'tests', true],
  ['test_section_questions', 'question_id', 'questions', true],
] as const;

const isSqlite = (db: Kysely<any>): boolean => !(db.getExecutor().adapter instanceof PostgresAdapter);

/**
 * SQLite cannot alter a foreign key: each table is rebuilt with the clause rewritten (SQLite's
 * documented procedure: foreign keys off, a new table, the rows copied, the old one dropped, the new
 * one renamed, its indexes made again, the keys checked).
 */
async function rewriteSqliteForeignKeys(db: Kysely<any>, cascade: boolean): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const [table, column, parent, required] of UNCASCADED) {
        const { rows } = await sql<{ type: string; sql: string | null }>`select type, sql from sqlite_master where tbl_name = ${table}`.execute(trx);
        const create = rows.find((r) => r.type === 'table')!.sql!;
        const plain = `"${column}" text${required ? ' not null' : ''} references "${parent}" ("id")`;
        const cascaded = `${plain} on delete cascade`;
        const [from, to] = cascade ? [plain, cascaded] : [cascaded, plain];
        if (!create.includes(from)) throw new Error(`${table}.${column}: expected "${from}"`);
        const rewritten = create.replace(from, to).replace(`CREATE TABLE "${table}"`, `CREATE TABLE "${table}__new"`);
        await sql.raw(rewritten).execute(trx);
        await sql.raw(`insert into "${table}__new" select * from "${table}"`).execute(trx);
        await sql.raw(`drop table "${table}"`).execute(trx);
        await sql.raw(`alter table "${table}__new" rename to "${table}"`).execute(trx);
        for (const index of rows.filter((r) => r.type === 'index' && r.sql)) await sql.raw(index.sql!).execute(trx);
      }
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error(`foreign key check failed: ${JSON.stringify(broken.slice(0, 5))}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function rewritePostgresForeignKeys(db: Kysely<any>, cascade: boolean): Promise<void> {
  for (const [table, column, parent] of UNCASCADED) {
    const { rows } = await sql<{ conname: string }>`
      select conname from pg_constraint
      where contype = 'f' and conrelid = ${table}::regclass and confrelid = ${parent}::regclass
    `.execute(db);
    for (const { conname } of rows) await sql.raw(`alter table "${table}" drop constraint "${conname}"`).execute(db);
    await sql
      .raw(`alter table "${table}" add constraint "${table}_${column}_fkey" foreign key ("${column}") references "${parent}" ("id")${cascade ? ' on delete cascade' : ''}`)
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question_versions')
    // A question really deleted is one no attempt used: its versions go with it.
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('marking', 'text', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    .addColumn('stem_html', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text')
    .addColumn('explanation_html', 'text')
    .addColumn('marks', 'double precision', (c) => c.notNull())
    .addColumn('negative_marks', 'double precision', (c) => c.notNull())
    // JSON array in bank order: { text, html, fraction, feedback, feedbackHtml }.
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // When an attempt or practice session first took this version; from then on it is kept as it is.
    .addColumn('first_used_at', 'bigint')
    .addPrimaryKeyConstraint('question_versions_pk', ['question_id', 'version'])
    .execute();
  await db.schema.alterTable('questions').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('attempt_questions').addColumn('question_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  // Whether a version is used, and which attempts a key decision re-marks; also serves the
  // database's own check of the foreign key on a question's delete.
  await db.schema.createIndex('attempt_questions_version_idx').on('attempt_questions').columns(['question_id', 'question_version']).execute();

  // Every question's content as it stands is its version 1.
  let after = '';
  for (;;) {
    const questions = await db
      .selectFrom('questions')
      .select(['id', 'type', 'marking', 'stem', 'stem_html', 'explanation', 'explanation_html', 'marks', 'negative_marks', 'author_id', 'created_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (questions.length === 0) break;
    after = questions.at(-1)!.id as string;
    const options = await db
      .selectFrom('question_options')
      .select(['question_id', 'text', 'text_html', 'fraction', 'feedback', 'feedback_html'])
      .where(
        'question_id',
        'in',
        questions.map((q) => q.id),
      )
      .orderBy('question_id')
      .orderBy('position')
      .execute();
    const byQuestion = new Map<string, unknown[]>();
    for (const o of options) {
      const list = byQuestion.get(o.question_id) ?? [];
      list.push({ text: o.text, html: o.text_html, fraction: Number(o.fraction), feedback: o.feedback ?? null, feedbackHtml: o.feedback_html ?? null });
      byQuestion.set(o.question_id, list);
    }
    await db
      .insertInto('question_versions')
      .values(
        questions.map((q) => ({
          question_id: q.id,
          version: 1,
          type: q.type,
          marking: q.marking,
          stem: q.stem,
          stem_html: q.stem_html,
          explanation: q.explanation,
          explanation_html: q.explanation_html,
          marks: q.marks,
          negative_marks: q.negative_marks,
          options: JSON.stringify(byQuestion.get(q.id) ?? []),
          created_by: q.author_id,
          created_at: q.created_at,
        })),
      )
      .execute();
  }

  await sql`
    update question_versions set first_used_at = (
      select min(a.started_at) from attempt_questions aq join attempts a on a.id = aq.attempt_id where aq.question_id = question_versions.question_id
    )
  `.execute(db);

  if (isSqlite(db)) await rewriteSqliteForeignKeys(db, false);
  else await rewritePostgresForeignKeys(db, false);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) await rewriteSqliteForeignKeys(db, true);
  else await rewritePostgresForeignKeys(db, true);
  await db.schema.dropIndex('attempt_questions_version_idx').execute();
  await db.schema.alterTable('attempt_questions').dropColumn('question_version').execute();
  await db.schema.alterTable('questions').dropColumn('version').execute();
  await db.schema.dropTable('question_versions').execute();
}
