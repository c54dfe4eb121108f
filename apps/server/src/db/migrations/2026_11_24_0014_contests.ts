import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  // What a test is for: a mock test candidates start when they like, or a contest's paper, which is
  // never listed or started on its own.
  await db.schema.alterTable('tests').addColumn('kind', 'text', (c) => c.notNull().defaultTo('mock')).execute();

  await db.schema
    .createTable('contests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('test_id', 'text', (c) => c.notNull().references('tests.id'))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('total_seats', 'integer', (c) => c.notNull())
    // Seats taken: confirmed entries plus seats held for pending payments. Only ever changed by a
    // conditional update, so it never passes total_seats.
    .addColumn('filled_seats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('INR'))
    // JSON: [{ fromRank, toRank, kind, amount, description }]
    .addColumn('prizes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('freeze_minutes', 'integer')
    // draft | published | cancelled; upcoming, running, ended and final follow from the clock and finalized_at.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('cancel_reason', 'text')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('finalized_at', 'bigint')
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contests_status_starts_idx').on('contests').columns(['status', 'starts_at']).execute();
  await db.schema.createIndex('contests_test_idx').on('contests').column('test_id').execute();

  // One row per candidate and contest, whatever happens to it: pending (seat held for a payment),
  // confirmed, released (hold expired or payment failed; may be taken again) or refunded.
  await db.schema
    .createTable('contest_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('contest_id', 'text', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hold_expires_at', 'bigint')
    .addColumn('joined_at', 'bigint')
    .addColumn('attempt_id', 'text', (c) => c.references('attempts.id').onDelete('set null'))
    .addColumn('final_rank', 'integer')
    // JSON prize won, set when the results are final.
    .addColumn('prize', 'text')
    .addColumn('rating_before', 'integer')
    .addColumn('rating_after', 'integer')
    .addColumn('performance', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('contest_entries_contest_user_key', ['contest_id', 'user_id'])
    .execute();
  await db.schema.createIndex('contest_entries_user_idx').on('contest_entries').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('contest_entries_contest_idx').on('contest_entries').columns(['contest_id', 'status']).execute();
  await db.schema.createIndex('contest_entries_hold_idx').on('contest_entries').columns(['status', 'hold_expires_at']).execute();

  // A candidate's current contest rating; its history is in contest_entries.
  await db.schema
    .createTable('contest_ratings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('contests', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // Orders with the payment provider; the amount always comes from the database, never a client.
  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text', (c) => c.notNull().unique())
    .addColumn('contest_id', 'text', (c) => c.notNull().references('contests.id').onDelete('cascade'))
    .addColumn('entry_id', 'text', (c) => c.notNull().references('contest_entries.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // created | paid | failed | refund_pending | refunded; never back from paid to created or failed.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text')
    .addColumn('refund_id', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('checked_at', 'bigint')
    .execute();
  await db.schema.createIndex('payment_orders_status_idx').on('payment_orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('payment_orders_entry_idx').on('payment_orders').column('entry_id').execute();
  await db.schema.createIndex('payment_orders_user_idx').on('payment_orders').columns(['user_id', 'created_at']).execute();

  // Provider events already handled, so a webhook delivered again changes nothing.
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  // The local test gateway's own books (test provider only): its orders and payments, kept in the
  // database so that every server process sees them.
  await db.schema
    .createTable('test_gateway_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('receipt', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('test_gateway_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('test_gateway_orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // captured | failed | refunded
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('test_gateway_payments_order_idx').on('test_gateway_payments').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['test_gateway_payments', 'test_gateway_orders', 'payment_events', 'payment_orders', 'contest_ratings', 'contest_entries', 'contests']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('tests').dropColumn('kind').execute();
}
