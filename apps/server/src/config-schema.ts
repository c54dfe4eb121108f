import { availableParallelism } from 'node:os';
import { CONTEST_LIMITS, EXAM_LIMITS, IMPORT_DEFAULT_MAX_BYTES, MEDIA_DEFAULT_MAX_BYTES } from '@abhyas/contracts';
import { z } from 'zod';

/*
 * What the environment may hold: each variable's form, bounds and default. Reading the environment
 * and deriving the configuration from these values is config.ts's.
 */

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

export const envSchema = z.object({
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

/** The environment's values once parsed, defaults applied. */
export type EnvValues = z.output<typeof envSchema>;
