import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// When a user last signed in, and the sign-in before that: the web app greets an account that has
// not signed in since it was created as a first visit. An account that exists already has been
// signed in at least when it was created, so its first sign-in from now on is a return.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('previous_sign_in_at', 'bigint').execute();
  await db.updateTable('users').set({ last_sign_in_at: sql.ref('created_at') }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('previous_sign_in_at').execute();
  await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute();
}
