/**
 * Baseline for the allblogs scenario: bare Fastify + better-sqlite3 running the same query as
 * GET /public/allblogs (published blogs, newest first, list columns, at most 200) with the same
 * row-to-JSON mapping, and no validation, hooks, plugins or logging. Runs as its own process,
 * transpiled to plain JS (so keep it self-contained: package imports only). Env: PORT, HOST, DB_FILE.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

type BlogListRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  cover_image_url: string | null;
  author_name: string;
  tags: string;
  published_at: number | null;
  updated_at: number;
  reading_minutes: number;
};

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('DB_FILE is required');

// The same pragmas the real server sets.
const db = new Database(dbFile, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
const LIST_MAX = 200;
const listPublished = db.prepare<[number], BlogListRow>(
  `SELECT id, slug, title, excerpt, cover_image_url, author_name, tags, published_at, updated_at, reading_minutes
   FROM blogs WHERE status = 'published' ORDER BY published_at DESC, id DESC LIMIT ?`,
);

/** Tags are a JSON array in a text column; a damaged value reads as no tags, as in the server. */
function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function toBlogListItem(row: BlogListRow) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImageUrl: row.cover_image_url,
    author: row.author_name,
    tags: parseTags(row.tags),
    publishedAt: row.published_at === null ? null : new Date(row.published_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    readingTimeMinutes: row.reading_minutes,
  };
}

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.get('/public/allblogs', async () => ({ data: listPublished.all(LIST_MAX).map(toBlogListItem) }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => {
      db.close();
      process.exit(0);
    });
  });
}
