import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
//
// A question holds its texts in its own language and, optionally, in the other one: `translation`
// is JSON (the stem, explanation and each option's text and feedback, with their HTML), on the
// question and on every version, so a version covers both texts. `multilang` remembers the
// multi-language markup an imported question came in (Moodle's span or {mlang} filters), so an
// export writes it back the same way. Search text is now composed (Unicode NFC), as queries are.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('translation', 'text').execute();
  await db.schema.alterTable('questions').addColumn('multilang', 'text').execute();
  await db.schema.alterTable('question_versions').addColumn('translation', 'text').execute();

  let after = '';
  for (;;) {
    const rows = await db.selectFrom('questions').select(['id', 'search_text']).where('id', '>', after).orderBy('id').limit(500).execute();
    if (rows.length === 0) break;
    after = rows.at(-1)!.id as string;
    for (const row of rows) {
      const composed = (row.search_text as string).normalize('NFC');
      if (composed !== row.search_text) await db.updateTable('questions').set({ search_text: composed }).where('id', '=', row.id).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('question_versions').dropColumn('translation').execute();
  await db.schema.alterTable('questions').dropColumn('multilang').execute();
  await db.schema.alterTable('questions').dropColumn('translation').execute();
}
