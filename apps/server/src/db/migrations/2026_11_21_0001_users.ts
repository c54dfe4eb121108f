import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('candidate'))
    .addColumn('phone', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('pincode', 'text')
    .addColumn('target_exam', 'text')
    .addColumn('education', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('gender', 'text')
    .addColumn('preferred_language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').column('role').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_email_time_idx')
    .on('login_attempts')
    .columns(['email', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('users').execute();
}
