import type { Kysely } from 'kysely';

// Frozen: never import application code here; portable column types only.
// page_views holds raw page views for the retention period; page_view_stats holds the daily
// aggregates they are rolled into, and the anonymous page-view counts (dimension 'anonymous').
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('page_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text')
    .addColumn('visitor_id', 'text')
    .addColumn('ip', 'text');
  for (const column of ['city', 'region', 'country', 'org']) table = table.addColumn(column, 'text');
  table = table.addColumn('is_vpn', 'integer');
  for (const column of ['os_name', 'os_version', 'device_type', 'device_model', 'device_vendor', 'cpu_architecture', 'gpu_vendor', 'gpu_renderer']) {
    table = table.addColumn(column, 'text');
  }
  await table
    .addColumn('hardware_cores', 'integer')
    .addColumn('device_memory', 'double precision')
    .addColumn('is_touch_device', 'integer')
    .addColumn('browser_name', 'text')
    .addColumn('browser_version', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('platform', 'text')
    .addColumn('screen_resolution', 'text')
    .addColumn('language', 'text')
    .addColumn('timezone', 'text')
    .addColumn('network_type', 'text')
    .addColumn('is_wifi', 'integer')
    .addColumn('battery_level', 'double precision')
    .addColumn('is_charging', 'integer')
    .execute();
  await db.schema.createIndex('page_views_day').on('page_views').column('day').execute();

  await db.schema
    .createTable('page_view_stats')
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('page_view_stats_pk', ['dimension', 'day', 'value'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_view_stats').execute();
  await db.schema.dropTable('page_views').execute();
}
