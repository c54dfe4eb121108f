import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP } from '@abhyas/contracts';
import { envSchema, type EnvValues } from './config-schema.js';
import type { MailConfig } from './lib/mailer.js';

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
function heavyRequests(e: EnvValues, db: Config['db']): Config['heavyRequests'] {
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
