import { loadConfig } from '../config.js';
import { createDb } from '../db/index.js';
import { migrateDownAll, migrateToLatest } from '../db/migrate.js';

const down = process.argv.includes('--down');
const config = loadConfig();
const handle = createDb(config.db);
try {
  const names = down ? await migrateDownAll(handle.db) : await migrateToLatest(handle.db);
  console.log(names.length ? `${down ? 'Rolled back' : 'Applied'}: ${names.join(', ')}` : 'Nothing to do');
} finally {
  await handle.close();
}
