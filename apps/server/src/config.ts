import { createHmac, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP, CONTEST_LIMITS, EXAM_LIMITS, IMPORT_DEFAULT_MAX_BYTES, MEDIA_DEFAULT_MAX_BYTES } from '@abhyas/contracts';
import { z } from 'zod';
import type { MailConfig } from './lib/mailer.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const durationMs = z
  .string()
  .regex(/^\d+(ms|s|m|h|d)$/, 'use a number with a unit: 500ms, 30s, 15m, 12h, 7d')
  .transform((v) => {
    const n = Number.parseInt(v, 10);
    const unit = v.replace(/^\d+/, '') as 'ms' | 's' | 'm' | 'h' | 'd';
    return n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit];
  });

const envSchema = z.object({
  APP_ENV: z.enum(['development', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).default('file:./data/app.db'),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL: durationMs.prefault('7d'),
  SEED_DEMO: bool.optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(64 * 1024),
  REQUEST_TIMEOUT: durationMs.prefault('30s'),
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9]\d?|1\d\d|2[0-4]\d|25[0-6])$/, 'WORKERS is a whole number from 1 to 256, or auto')
    .transform((v) => (v === 'auto' ? availableParallelism() : Number(v)))
    .prefault('1'),
  SHUTDOWN_DRAIN: durationMs.optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  REDIS_URL: z.string().url().optional(),
  WEB_DIST_DIR: z.string().optional(),
  IMPORT_MAX_BYTES: z.coerce.number().int().min(1024).default(IMPORT_DEFAULT_MAX_BYTES),
  MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(MEDIA_DEFAULT_MAX_BYTES),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL such as https://abhyas.example' }).optional(),
  GEOCODER_URL: z
    .url({ protocol: /^https?$/, error: 'GEOCODER_URL must be an http(s) URL of a Nominatim-compatible service' })
    .default('https://nominatim.openstreetmap.org'),
  GEOCODER_TIMEOUT: durationMs.prefault('5s'),
  TRACKING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  TRACKING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  TRACKING_FLUSH_INTERVAL: durationMs.prefault('1s'),
  TRACKING_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  TRACKING_BUFFER_MAX: z.coerce.number().int().min(1).default(50_000),
  IP_LOOKUP_URL: z
    .url({ protocol: /^https?$/, error: 'IP_LOOKUP_URL must be an http(s) URL with {ip} where the address goes' })
    .refine((v) => v.includes('{ip}'), { error: 'IP_LOOKUP_URL must contain {ip} where the address goes, e.g. https://lookup.example/{ip}/json' })
    .optional(),
  IP_LOOKUP_TIMEOUT: durationMs.prefault('2s'),
  // Empty, as `.env.example` leaves them, means unset.
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…' }).optional(),
  ),
  MAIL_FROM: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(3).max(254).optional()),
  EXAM_SWEEP_INTERVAL: durationMs.prefault('15s'),
  EXAM_SAVES_PER_MINUTE: z.coerce.number().int().min(1).default(EXAM_LIMITS.savesPerMinute),
  EXAM_PERCENTILE_FROM: z.coerce.number().int().min(1).max(1_000_000).default(EXAM_LIMITS.percentileFrom),
  CHALLENGE_WINDOW: durationMs.prefault('24h'),
  CONTESTS_PAID_ENTRY: z.enum(['on', 'off'], { error: 'CONTESTS_PAID_ENTRY is on or off' }).optional(),
  CONTESTS_SWEEP_INTERVAL: durationMs.prefault('15s'),
  CONTESTS_JOINS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  PAYMENTS_PROVIDER: z.enum(['test', 'razorpay'], { error: 'PAYMENTS_PROVIDER is test or razorpay' }).optional(),
  PAYMENT_HOLD: durationMs.prefault(`${CONTEST_LIMITS.holdMinutes}m`),
  PAYMENT_RECONCILE_AFTER: durationMs.prefault('3m'),
  RAZORPAY_KEY_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'RAZORPAY_KEY_ID looks like rzp_test_… or rzp_live_…').optional()),
  RAZORPAY_KEY_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  RAZORPAY_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).optional()),
  RAZORPAY_API_URL: z.url({ protocol: /^https?$/, error: 'RAZORPAY_API_URL must be an http(s) URL' }).default('https://api.razorpay.com'),
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN is printable ASCII without spaces')
      .optional(),
  ),
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  HEAVY_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).optional(),
  HEAVY_REQUESTS_QUEUE_WAIT: durationMs.prefault('2s'),
  HEAVY_REQUESTS_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  PG_DUMP: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).default('pg_dump')),
  PG_RESTORE: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).default('pg_restore')),
});

export type Env = z.input<typeof envSchema>;

export type Config = Readonly<{
  appEnv: 'development' | 'production';
  http: Readonly<{ host: string; port: number; bodyLimit: number; requestTimeoutMs: number; trustProxy: boolean | string | ((address: string, hop: number) => boolean) }>;
  db: Readonly<{ dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string }>;
  dataDir: string;
  auth: Readonly<{ jwtSecret: string; tokenTtlMs: number; rateLimitPerMinute: number }>;
  seedDemo: boolean;
  admin: Readonly<{ email: string; password: string }> | null;
  logLevel: string;
  /** Server processes on this machine (node:cluster); more than one only on PostgreSQL. */
  workers: number;
  /**
   * Stopping: readiness fails and answers carry `Connection: close` for `drainMs` while the process
   * still serves, then it closes; past `graceMs` from the signal it exits anyway.
   */
  shutdown: Readonly<{ drainMs: number; graceMs: number }>;
  redisUrl: string | null;
  webDistDir: string;
  /** The origin people reach the site at, for canonical links, feeds and link previews (no trailing slash). */
  publicUrl: string;
  /** Largest question file accepted for import. */
  importMaxBytes: number;
  /** Largest image accepted, uploaded or inside an imported file. */
  mediaMaxBytes: number;
  /** The Nominatim-compatible reverse-geocoding service and how we identify ourselves to it. */
  geocoder: Readonly<{ url: string; timeoutMs: number; userAgent: string }>;
  tracking: Readonly<{
    /** Raw page views (IPs, visitor ids) are rolled into daily aggregates and erased after this many days. */
    retentionDays: number;
    /** Page views recorded per IP address per minute; more are answered but not recorded. */
    rateLimitPerMinute: number;
    /** Recorded page views are written at least this often, or as soon as `batchSize` are waiting. */
    flushIntervalMs: number;
    batchSize: number;
    /** Page views held in memory at most while the database is unavailable; past it the oldest are dropped and counted in the log. */
    bufferMax: number;
    /** The IP-lookup service (`{ip}` in the URL is replaced by the address); null: off. */
    ipLookup: Readonly<{ urlTemplate: string; timeoutMs: number }> | null;
  }>;
  /** Outgoing mail: SMTP when `smtpUrl` is set, otherwise .eml files in `outboxDir`. */
  mail: MailConfig;
  /** How often timed attempts past their end and grace are looked for and submitted. */
  exam: Readonly<{
    sweepIntervalMs: number;
    /** Answer saves accepted per attempt per minute; more are answered 429. */
    savesPerMinute: number;
    /** Ranked candidates a paper needs before its results show a percentile. */
    percentileFrom: number;
    /** How long after a contest's end its answer key may be challenged; its results are provisional and it is made final after. */
    challengeWindowMs: number;
  }>;
  contests: Readonly<{
    /** Whether paid contests may be joined (docs/decisions/016): on in development, off in production unless set. */
    paidEntry: boolean;
    /** How often held seats, pending payments and finished contests are looked at. */
    sweepIntervalMs: number;
    /** Joins and orders per candidate per minute; more are answered 429. */
    joinsPerMinute: number;
  }>;
  payments: Readonly<{
    /** Null when paid entry is off. */
    provider: 'test' | 'razorpay' | null;
    /** A paid entry holds its seat this long while payment is pending. */
    holdMs: number;
    /** Orders still unpaid this long after creation are checked with the provider. */
    reconcileAfterMs: number;
    /** The provider's keys: Razorpay's, or for the local test gateway keys derived from the server's secret. */
    keys: Readonly<{ keyId: string; keySecret: string; webhookSecret: string; apiUrl: string }> | null;
  }>;
  /** `GET /metrics` (Prometheus): off when both are null. */
  metrics: Readonly<{
    /** Serves it on the main port to requests bearing this token. */
    token: string | null;
    /** Serves it without a token on this port of 127.0.0.1 (0: any free port). */
    port: number | null;
  }>;
  /** Admission of the heavy requests (starts, submissions, results): lib/admission.ts. */
  heavyRequests: Readonly<{ inFlight: number; queueWaitMs: number; queueMax: number }>;
  /** PostgreSQL's client programs the backup commands run: a name looked up on PATH, or a path. */
  backup: Readonly<{ pgDump: string; pgRestore: string }>;
  /** Whether the JWT secret comes from `DATA_DIR/jwt-secret` (JWT_SECRET unset), a file a database backup does not hold. */
  jwtSecretInDataDir: boolean;
}>;

export class ConfigError extends Error {}

/** TRUST_PROXY: true, false, a hop count, or a comma-separated list of addresses/CIDRs (Fastify's trustProxy). */
function parseTrustProxy(v: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v;
}

function databaseFrom(url: string): Config['db'] {
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  if (url.startsWith('file:')) return { dialect: 'sqlite', file: resolve(url.slice('file:'.length)) };
  if (url === ':memory:') return { dialect: 'sqlite', file: ':memory:' };
  throw new ConfigError('DATABASE_URL must be file:<path> for SQLite or postgres://… for PostgreSQL');
}

/**
 * On PostgreSQL, where processes may stand behind a proxy or an orchestrator, a stopping process
 * drains for 5 s unless told otherwise; on SQLite there is one process and nothing to take it out
 * of, so it closes at once, as it always has. Closing itself (in-flight answers, the database) is
 * given 10 s after the drain.
 */
function shutdownTimes(drainMs: number | undefined, db: Config['db']): { drainMs: number; graceMs: number } {
  const drain = drainMs ?? (db.dialect === 'postgres' ? 5_000 : 0);
  return { drainMs: drain, graceMs: drain + 10_000 };
}

/**
 * Heavy requests run at once per process: on PostgreSQL half of `createDb`'s pool of 10, so that
 * saves (one statement each) always find a connection; on SQLite, with its one writer, two. Waiting
 * for a turn is bounded in time and in length (20 turns' worth by default).
 */
function heavyRequests(e: z.output<typeof envSchema>, db: Config['db']): Config['heavyRequests'] {
  const inFlight = e.HEAVY_REQUESTS_IN_FLIGHT ?? (db.dialect === 'postgres' ? 5 : 2);
  return { inFlight, queueWaitMs: e.HEAVY_REQUESTS_QUEUE_WAIT, queueMax: e.HEAVY_REQUESTS_QUEUE ?? inFlight * 20 };
}

/** Reads the JWT secret stored under the data folder, creating one on first run. */
function storedJwtSecret(dataDir: string): string {
  const file = resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** Parses the environment once into a frozen configuration object. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.APP_ENV === 'production';
  if (production && !e.JWT_SECRET) throw new ConfigError('JWT_SECRET is required when APP_ENV=production');
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const db = databaseFrom(e.DATABASE_URL);
  const workers = e.WORKERS;
  if (workers > 1 && db.dialect === 'sqlite') {
    throw new ConfigError(`WORKERS=${e.WORKERS} needs PostgreSQL: SQLite is served by one process. Set DATABASE_URL=postgres://… (and REDIS_URL), or leave WORKERS unset`);
  }
  const dataDir = resolve(e.DATA_DIR);
  const here = dirname(fileURLToPath(import.meta.url));
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const jwtSecret = e.JWT_SECRET ?? storedJwtSecret(dataDir);
  const paidEntry = (e.CONTESTS_PAID_ENTRY ?? (production ? 'off' : 'on')) === 'on';
  const provider = paidEntry ? (e.PAYMENTS_PROVIDER ?? (production ? 'razorpay' : 'test')) : null;
  if (provider === 'test' && production) {
    throw new ConfigError('PAYMENTS_PROVIDER=test is refused when APP_ENV=production: it takes no money. Set PAYMENTS_PROVIDER=razorpay with its keys, or CONTESTS_PAID_ENTRY=off');
  }
  if (provider === 'razorpay' && !(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET)) {
    throw new ConfigError('Paid entry through Razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET; or set CONTESTS_PAID_ENTRY=off');
  }
  // The test gateway's keys are derived from the server's secret, so every process agrees on them.
  const derived = (label: string) => createHmac('sha256', jwtSecret).update(`test-gateway:${label}`).digest('base64url').slice(0, 32);
  const keys =
    provider === 'razorpay'
      ? { keyId: e.RAZORPAY_KEY_ID!, keySecret: e.RAZORPAY_KEY_SECRET!, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!, apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, '') }
      : provider === 'test'
        ? { keyId: 'rzp_test_local', keySecret: derived('key'), webhookSecret: derived('webhook'), apiUrl: `${publicUrl}/api/payments/test-gateway` }
        : null;
  return Object.freeze({
    appEnv: e.APP_ENV,
    http: Object.freeze({
      host: e.HOST,
      port: e.PORT,
      bodyLimit: e.BODY_LIMIT_BYTES,
      requestTimeoutMs: e.REQUEST_TIMEOUT,
      trustProxy: parseTrustProxy(e.TRUST_PROXY),
    }),
    db: Object.freeze(db),
    dataDir,
    auth: Object.freeze({
      jwtSecret,
      tokenTtlMs: e.JWT_TTL,
      rateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    }),
    seedDemo: e.SEED_DEMO ?? !production,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? Object.freeze({ email: e.ADMIN_EMAIL.trim().toLowerCase(), password: e.ADMIN_PASSWORD }) : null,
    logLevel: e.LOG_LEVEL,
    workers,
    shutdown: Object.freeze(shutdownTimes(e.SHUTDOWN_DRAIN, db)),
    redisUrl: e.REDIS_URL ?? null,
    webDistDir: resolve(e.WEB_DIST_DIR ?? resolve(here, '../../web/dist')),
    importMaxBytes: e.IMPORT_MAX_BYTES,
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    publicUrl,
    // Nominatim's usage policy asks for a User-Agent that names the application and a way to reach it.
    geocoder: Object.freeze({ url: e.GEOCODER_URL.replace(/\/+$/, ''), timeoutMs: e.GEOCODER_TIMEOUT, userAgent: `${APP.name}/${APP.version} (+${publicUrl})` }),
    tracking: Object.freeze({
      retentionDays: e.TRACKING_RETENTION_DAYS,
      rateLimitPerMinute: e.TRACKING_RATE_LIMIT_PER_MINUTE,
      flushIntervalMs: e.TRACKING_FLUSH_INTERVAL,
      batchSize: e.TRACKING_BATCH_SIZE,
      bufferMax: e.TRACKING_BUFFER_MAX,
      ipLookup: e.IP_LOOKUP_URL ? Object.freeze({ urlTemplate: e.IP_LOOKUP_URL, timeoutMs: e.IP_LOOKUP_TIMEOUT }) : null,
    }),
    mail: Object.freeze({
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `${APP.name} <no-reply@${new URL(publicUrl).hostname}>`,
      outboxDir: resolve(dataDir, 'outbox'),
    }),
    exam: Object.freeze({ sweepIntervalMs: e.EXAM_SWEEP_INTERVAL, savesPerMinute: e.EXAM_SAVES_PER_MINUTE, percentileFrom: e.EXAM_PERCENTILE_FROM, challengeWindowMs: e.CHALLENGE_WINDOW }),
    contests: Object.freeze({ paidEntry, sweepIntervalMs: e.CONTESTS_SWEEP_INTERVAL, joinsPerMinute: e.CONTESTS_JOINS_PER_MINUTE }),
    payments: Object.freeze({ provider, holdMs: e.PAYMENT_HOLD, reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER, keys: keys ? Object.freeze(keys) : null }),
    metrics: Object.freeze({ token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null }),
    heavyRequests: Object.freeze(heavyRequests(e, db)),
    backup: Object.freeze({ pgDump: e.PG_DUMP, pgRestore: e.PG_RESTORE }),
    jwtSecretInDataDir: !e.JWT_SECRET,
  });
}
