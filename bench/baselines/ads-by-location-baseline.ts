/**
 * Baseline for the ads-by-location scenario: bare Fastify + better-sqlite3 doing the same work as
 * GET /api/advertisements/getAdsbyLocation: check the PIN code, read the showing ads that target
 * it or one of its prefixes, keep each ad at its most specific match, order by specificity, weight
 * and id, fall back to the national ads, and map the rows to the same JSON. No validation library,
 * hooks, plugins, optional sign-in or logging. Self-contained (package imports only). Env: PORT, HOST, DB_FILE.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

type AdRow = { id: string; title: string; image_url: string; target_url: string; weight: number };

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('DB_FILE is required');

const db = new Database(dbFile, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');

const SHOWING = 'ads.active = 1 AND (ads.starts_at IS NULL OR ads.starts_at <= ?) AND (ads.ends_at IS NULL OR ads.ends_at > ?)';
const targeted = db.prepare<[string, string, string, string, string, string, number, number], AdRow & { value: string }>(
  `SELECT ads.id, ads.title, ads.image_url, ads.target_url, ads.weight, ad_targets.value
   FROM ad_targets INNER JOIN ads ON ads.id = ad_targets.ad_id
   WHERE ad_targets.value IN (?, ?, ?, ?, ?, ?) AND ${SHOWING} LIMIT 1000`,
);
const national = db.prepare<[number, number], AdRow>(`SELECT id, title, image_url, target_url, weight FROM ads WHERE national = 1 AND ${SHOWING} ORDER BY weight DESC, id LIMIT 20`);

const toAd = (r: AdRow) => ({ id: r.id, title: r.title, imageUrl: r.image_url, targetUrl: r.target_url, weight: r.weight });

function adsFor(pincode: string) {
  const now = Date.now();
  const prefixes = [0, 1, 2, 3, 4, 5].map((i) => pincode.slice(0, 6 - i)) as [string, string, string, string, string, string];
  const rows = targeted.all(...prefixes, now, now);
  if (rows.length === 0) return national.all(now, now).map(toAd);
  const best = new Map<string, { row: AdRow; digits: number }>();
  for (const { value, ...row } of rows) {
    const seen = best.get(row.id);
    if (!seen || value.length > seen.digits) best.set(row.id, { row, digits: value.length });
  }
  return [...best.values()]
    .sort((a, b) => b.digits - a.digits || b.row.weight - a.row.weight || (a.row.id < b.row.id ? -1 : 1))
    .slice(0, 20)
    .map((e) => toAd(e.row));
}

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get<{ Querystring: { pincode?: string } }>('/api/advertisements/getAdsbyLocation', async (request, reply) => {
  const pincode = request.query.pincode;
  if (typeof pincode !== 'string' || !/^[1-9]\d{5}$/.test(pincode)) return reply.code(400).send({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'pincode: pincode must be a 6-digit PIN code' });
  return { data: adsFor(pincode) };
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
