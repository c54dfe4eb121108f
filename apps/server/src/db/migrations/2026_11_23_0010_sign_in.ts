import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  // Browsers that signed in to an account: a device cookie names one of these rows, so deleting a
  // user's rows revokes every device cookie issued to them.
  await db.schema
    .createTable('trusted_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trusted_devices_user_idx').on('trusted_devices').column('user_id').execute();

  // A sign-in attempt made with a device cookie counts against that device only; null: an untrusted client.
  await db.schema.alterTable('login_attempts').addColumn('device_id', 'text').execute();
  await db.schema
    .createIndex('login_attempts_device_time_idx')
    .on('login_attempts')
    .columns(['device_id', 'attempted_at'])
    .execute();

  // Links to reset a password, by the SHA-256 of their token; the token itself is only in the email.
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('password_resets_user_time_idx')
    .on('password_resets')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropIndex('login_attempts_device_time_idx').execute();
  await db.schema.alterTable('login_attempts').dropColumn('device_id').execute();
  await db.schema.dropTable('trusted_devices').execute();
}
