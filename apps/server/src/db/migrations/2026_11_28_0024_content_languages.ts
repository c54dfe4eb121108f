import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// Blogs and topics are written in English or Hindi. An article and its version in the other
// language share a translation key (the first one's id); the unique index keeps one article per
// language under a key, and NULL keys, an article without a translation, never collide on either
// dialect.
const TABLES = ['blogs', 'topics'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('language', 'text', (c) => c.notNull().defaultTo('en')).execute();
    await db.schema.alterTable(table).addColumn('translation_key', 'text').execute();
    await db.schema.createIndex(`${table}_translation_idx`).on(table).columns(['translation_key', 'language']).unique().execute();
  }
  // Search compares Unicode NFC on both sides from now on: text stored before, typed with
  // precomposed characters (Devanagari's क़, ज़, फ़…), is brought to the same form.
  await renormalise(db, 'topics');
  await renormalise(db, 'questions');
}

/** Rewrites the search text of the rows whose text is not NFC, a page of rows at a time. */
async function renormalise(db: Kysely<any>, table: 'topics' | 'questions'): Promise<void> {
  let after = '';
  for (;;) {
    const rows: { id: string; search_text: string }[] = await db.selectFrom(table).select(['id', 'search_text']).where('id', '>', after).orderBy('id').limit(500).execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const normal = row.search_text.normalize('NFC');
      if (normal !== row.search_text) await db.updateTable(table).set({ search_text: normal }).where('id', '=', row.id).execute();
    }
    after = rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_translation_idx`).execute();
    await db.schema.alterTable(table).dropColumn('translation_key').execute();
    await db.schema.alterTable(table).dropColumn('language').execute();
  }
}
