/**
 * Baseline for the track-user scenario: bare Fastify + better-sqlite3 taking the same page-view
 * record on POST /public/trackUser, answering 204 and writing the records in batches of up to 500
 * every second into page_views, as the server does; no validation, privacy rules, bot filter,
 * rate limit, hooks or logging. Runs as its own process, transpiled to plain JS (so keep it
 * self-contained: package imports only). Env: PORT, HOST, DB_FILE.
 */
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

type Body = Record<string, string | number | boolean | null | undefined>;

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('DB_FILE is required');

const db = new Database(dbFile, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');

const COLUMNS = ['id', 'created_at', 'day', 'path', 'referrer', 'visitor_id', 'ip', 'os_name', 'device_type', 'browser_name', 'browser_version', 'user_agent', 'screen_resolution', 'language', 'timezone'];
const BATCH = 500;
const insertBatch = db.prepare(`INSERT INTO page_views (${COLUMNS.join(', ')}) VALUES ${Array.from({ length: BATCH }, () => `(${COLUMNS.map(() => '?').join(', ')})`).join(', ')}`);
const insertOne = db.prepare(`INSERT INTO page_views (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);

let queue: unknown[][] = [];
const flush = db.transaction((rows: unknown[][]) => {
  let i = 0;
  for (; i + BATCH <= rows.length; i += BATCH) insertBatch.run(rows.slice(i, i + BATCH).flat());
  for (; i < rows.length; i += 1) insertOne.run(rows[i]);
});
const writeOut = () => {
  const rows = queue;
  queue = [];
  if (rows.length > 0) flush(rows);
};
setInterval(writeOut, 1000).unref();

const text = (v: unknown) => (typeof v === 'string' ? v : null);

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.post<{ Body: Body }>('/public/trackUser', async (request, reply) => {
  const b = request.body;
  const now = Date.now();
  queue.push([
    randomUUID(),
    now,
    new Date(now).toISOString().slice(0, 10),
    text(b.path) ?? '/',
    text(b.referrer),
    text(b.visitorId),
    request.ip,
    text(b.osName),
    text(b.deviceType),
    text(b.browserName),
    text(b.browserVersion),
    text(b.userAgent),
    text(b.screenResolution),
    text(b.language),
    text(b.timezone),
  ]);
  if (queue.length >= BATCH) writeOut();
  return reply.code(204).send();
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => {
      writeOut();
      db.close();
      process.exit(0);
    });
  });
}
