import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('national', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ads_national_idx').on('ads').columns(['national', 'active']).execute();

  // One row per PIN code (6 digits) or PIN prefix (1 to 5 digits) an ad targets; the length of the
  // value is how specific the match is. Keyed by value first: a lookup asks for one PIN's prefixes.
  await db.schema
    .createTable('ad_targets')
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('ad_id', 'text', (c) => c.notNull().references('ads.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('ad_targets_pk', ['value', 'ad_id'])
    .execute();
  await db.schema.createIndex('ad_targets_ad_idx').on('ad_targets').column('ad_id').execute();

  // Impressions and clicks per ad and UTC day, counted by upsert so any process can add to them.
  await db.schema
    .createTable('ad_stats')
    .addColumn('ad_id', 'text', (c) => c.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('impressions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ad_stats_pk', ['ad_id', 'day'])
    .execute();

  // Reverse-geocoding answers by rounded coordinates (about 110 m), shared by every process.
  // `found` is 0 when the service knows no address there; that answer is kept too.
  await db.schema
    .createTable('geo_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('suburb', 'text')
    .addColumn('city', 'text')
    .addColumn('postcode', 'text')
    .addColumn('found', 'integer', (c) => c.notNull())
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('geo_cache_fetched_idx').on('geo_cache').column('fetched_at').execute();

  // The earliest time the next upstream geocoding request may start, claimed by one conditional
  // update, so that every process together keeps to the service's one request a second.
  await db.insertInto('app_counters').values({ name: 'geocoder_next_at', value: 0 }).execute();
  // Moved on by every ad written, so that every process's cached ad lists are retired at once.
  await db.insertInto('app_counters').values({ name: 'ads', value: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('app_counters').where('name', 'in', ['geocoder_next_at', 'ads']).execute();
  await db.schema.dropTable('geo_cache').execute();
  await db.schema.dropTable('ad_stats').execute();
  await db.schema.dropTable('ad_targets').execute();
  await db.schema.dropTable('ads').execute();
}
