/**
 * Baseline for the topics-search scenario: bare Fastify + better-sqlite3 running the same two queries
 * as POST /topics/all with a search (one page of published topics whose search_text contains every
 * word, ordered by category, sort order, title and id, plus the count with the same WHERE) and the same
 * row-to-JSON mapping, with no validation, hooks, plugins or logging. Only the search, page and
 * pageSize fields are honoured. Runs as its own process, transpiled to plain JS (so keep it
 * self-contained: package imports only). Env: PORT, HOST, DB_FILE.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

type TopicListRow = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  category: string;
  tags: string;
  difficulty: string;
  sort_order: number;
  published_at: number | null;
  reading_minutes: number;
};

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('DB_FILE is required');

// The same pragmas the real server sets.
const db = new Database(dbFile, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');

const MAX_TERMS = 8;
const PAGE_SIZE_DEFAULT = 20;

/** One page query and one count query per number of search words (0–8), each prepared once at start. */
const statements = Array.from({ length: MAX_TERMS + 1 }, (_, n) => {
  const where = ["status = 'published'", ...Array.from({ length: n }, () => "search_text LIKE ? ESCAPE '\\'")].join(' AND ');
  return {
    page: db.prepare<unknown[], TopicListRow>(
      `SELECT id, slug, title, summary, category, tags, difficulty, sort_order, published_at, reading_minutes
       FROM topics WHERE ${where} ORDER BY category, sort_order, title, id LIMIT ? OFFSET ?`,
    ),
    count: db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM topics WHERE ${where}`),
  };
});

/** `%` and `_` in a search word are literal, not LIKE wildcards. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function toTopicListItem(row: TopicListRow) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    category: row.category,
    tags: parseTags(row.tags),
    difficulty: row.difficulty,
    order: row.sort_order,
    publishedAt: row.published_at === null ? null : new Date(row.published_at).toISOString(),
    readingTimeMinutes: row.reading_minutes,
  };
}

type Filter = { search?: string; page?: number; pageSize?: number };

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.post('/topics/all', async (request) => {
  const filter = (request.body ?? {}) as Filter;
  const page = filter.page ?? 1;
  const pageSize = filter.pageSize ?? PAGE_SIZE_DEFAULT;
  const terms = [...new Set((filter.search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
  const { page: pageQuery, count } = statements[terms.length]!;
  const patterns = terms.map(likePattern);
  const rows = pageQuery.all(...patterns, pageSize, (page - 1) * pageSize);
  const total = count.get(...patterns)!.n;
  return { data: rows.map(toTopicListItem), total, page, pageSize };
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => {
      db.close();
      process.exit(0);
    });
  });
}
