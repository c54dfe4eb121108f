import { loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemo } from '../demo/index.js';
import { systemClock } from '../lib/clock.js';

const config = loadConfig();
const handle = createDb(config.db);
try {
  await migrateToLatest(handle.db);
  console.log('Seeded:', await seedDemo(handle.db, systemClock));
} finally {
  await handle.close();
}
