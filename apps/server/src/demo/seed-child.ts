import type { Config } from '../config.js';
import { createDb } from '../db/index.js';
import { systemClock } from '../lib/clock.js';
import { seedDemo } from './index.js';

/**
 * The demo seed as its own process (see seed-process.ts): the database's settings arrive as the
 * first message, the report goes back as the answer, and the process exits.
 */
process.once('message', (dbConfig: Config['db']) => {
  void (async () => {
    const dbHandle = createDb(dbConfig);
    try {
      process.send!({ report: await seedDemo(dbHandle.db, systemClock) });
    } catch (err) {
      process.send!({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    } finally {
      await dbHandle.close();
      process.disconnect();
    }
  })();
});
