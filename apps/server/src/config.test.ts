import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'abhyas-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('defaults to SQLite under ./data, port 3000, development with demo content', () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.db).toEqual({ dialect: 'sqlite', file: join(process.cwd(), 'data', 'app.db') });
    expect(c.http.port).toBe(3000);
    expect(c.appEnv).toBe('development');
    expect(c.seedDemo).toBe(true);
    expect(c.auth.tokenTtlMs).toBe(7 * 86_400_000);
    expect(c.http.bodyLimit).toBe(64 * 1024);
    expect(Object.isFrozen(c) && Object.isFrozen(c.http)).toBe(true);
  });

  it('selects PostgreSQL for a postgres:// URL', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@localhost:5432/abhyas' });
    expect(c.db).toEqual({ dialect: 'postgres', url: 'postgres://u@localhost:5432/abhyas' });
  });

  it('generates a JWT secret on first run, stores it privately and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).auth.jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).auth.jwtSecret).toBe(first);
  });

  it('requires JWT_SECRET in production and turns demo content off there', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), APP_ENV: 'production' })).toThrow('JWT_SECRET is required when APP_ENV=production');
    const c = loadConfig({ DATA_DIR: tempDir(), APP_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });
    expect(c.seedDemo).toBe(false);
  });

  it('explains invalid values', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_TTL: '7 days' })).toThrow(/use a number with a unit/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ADMIN_EMAIL: 'a@example.com' })).toThrow('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  });

  it('names the geocoding service and identifies Abhyas to it', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).geocoder).toEqual({ url: 'https://nominatim.openstreetmap.org', timeoutMs: 5000, userAgent: 'Abhyas/1.23 (+http://localhost:3000)' });
    const own = loadConfig({ DATA_DIR: tempDir(), GEOCODER_URL: 'http://10.0.0.5:8080/nominatim/', GEOCODER_TIMEOUT: '2s', PUBLIC_URL: 'https://abhyas.example/' });
    expect(own.geocoder).toEqual({ url: 'http://10.0.0.5:8080/nominatim', timeoutMs: 2000, userAgent: 'Abhyas/1.23 (+https://abhyas.example)' });
    expect(() => loadConfig({ DATA_DIR: tempDir(), GEOCODER_URL: 'ftp://geo.example' })).toThrow(/GEOCODER_URL must be an http\(s\) URL/);
  });

  it('runs one process unless WORKERS says more, refuses more than one on SQLite, and drains before stopping on PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ workers: 1, shutdown: { drainMs: 0, graceMs: 10_000 } });
    const pg = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@localhost:5432/abhyas' };
    expect(loadConfig(pg)).toMatchObject({ workers: 1, shutdown: { drainMs: 5000, graceMs: 15_000 } });
    expect(loadConfig({ ...pg, WORKERS: '4', SHUTDOWN_DRAIN: '0s' })).toMatchObject({ workers: 4, shutdown: { drainMs: 0, graceMs: 10_000 } });
    expect(loadConfig({ ...pg, WORKERS: 'auto' }).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ ...pg, WORKERS: '0' })).toThrow(/WORKERS is a whole number from 1 to 256, or auto/);
    expect(() => loadConfig({ ...pg, WORKERS: 'many' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), WORKERS: '2' })).toThrow('WORKERS=2 needs PostgreSQL: SQLite is served by one process');
    expect(loadConfig({ DATA_DIR: tempDir(), WORKERS: '1' }).workers).toBe(1);
  });

  it('reads a trusted-proxy hop count', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' });
    const trust = c.http.trustProxy as (a: string, hop: number) => boolean;
    expect([trust('1.2.3.4', 0), trust('1.2.3.4', 1)]).toEqual([true, false]);
  });

  it('shows a percentile from 30 ranked candidates unless told otherwise, and refuses zero', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).exam.percentileFrom).toBe(30);
    expect(loadConfig({ DATA_DIR: tempDir(), EXAM_PERCENTILE_FROM: '100' }).exam.percentileFrom).toBe(100);
    expect(() => loadConfig({ DATA_DIR: tempDir(), EXAM_PERCENTILE_FROM: '0' })).toThrow(/EXAM_PERCENTILE_FROM/);
  });

  it('keeps raw page views 30 days and looks nothing up by default', () => {
    const c = loadConfig({ DATA_DIR: tempDir() });
    expect(c.tracking).toEqual({ retentionDays: 30, rateLimitPerMinute: 600, flushIntervalMs: 1000, batchSize: 500, bufferMax: 50_000, ipLookup: null });
  });

  it('takes an IP-lookup URL only with {ip} in it', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), IP_LOOKUP_URL: 'https://lookup.example/{ip}/json', IP_LOOKUP_TIMEOUT: '500ms', TRACKING_RETENTION_DAYS: '7' });
    expect(c.tracking.ipLookup).toEqual({ urlTemplate: 'https://lookup.example/{ip}/json', timeoutMs: 500 });
    expect(c.tracking.retentionDays).toBe(7);
    expect(() => loadConfig({ DATA_DIR: tempDir(), IP_LOOKUP_URL: 'https://lookup.example/json' })).toThrow(/must contain \{ip\}/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), IP_LOOKUP_URL: 'ftp://lookup.example/{ip}' })).toThrow(/IP_LOOKUP_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRACKING_RETENTION_DAYS: '0' })).toThrow(/TRACKING_RETENTION_DAYS/);
  });

  it('serves no metrics unless METRICS_TOKEN (16 characters or more) or METRICS_PORT is set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).metrics).toEqual({ token: null, port: null });
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toEqual({ token: null, port: null });
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: 'a-metrics-token-16', METRICS_PORT: '9464' }).metrics).toEqual({ token: 'a-metrics-token-16', port: 9464 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: 'has a space in the middle' })).toThrow(/METRICS_TOKEN is printable ASCII without spaces/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('writes mail to DATA_DIR/outbox unless SMTP_URL names a mail server', () => {
    const dir = tempDir();
    const local = loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://abhyas.example' });
    expect(local.mail).toEqual({ smtpUrl: null, from: 'Abhyas <no-reply@abhyas.example>', outboxDir: join(dir, 'outbox') });
    expect(loadConfig({ DATA_DIR: dir, SMTP_URL: '', MAIL_FROM: '' }).mail).toMatchObject({ smtpUrl: null, from: 'Abhyas <no-reply@localhost>' });
    const smtp = loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'Abhyas <accounts@abhyas.example>' });
    expect(smtp.mail).toMatchObject({ smtpUrl: 'smtps://user:pass@mail.example:465', from: 'Abhyas <accounts@abhyas.example>' });
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'https://mail.example' })).toThrow(/SMTP_URL must be smtp:/);
  });
  describe('paid contest entry', () => {
    const secret = 'x'.repeat(40);
    it('is on in development through the local test gateway, with keys every process derives alike', () => {
      const a = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret });
      const b = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret });
      expect(a.contests.paidEntry).toBe(true);
      expect(a.payments.provider).toBe('test');
      expect(a.payments.holdMs).toBe(15 * 60_000);
      expect(a.payments.keys).toEqual(b.payments.keys);
      expect(a.payments.keys!.keySecret).not.toBe(a.payments.keys!.webhookSecret);
      const other = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'y'.repeat(40) });
      expect(other.payments.keys!.keySecret).not.toBe(a.payments.keys!.keySecret);
    });

    it('is off in production unless the operator turns it on', () => {
      const c = loadConfig({ DATA_DIR: tempDir(), APP_ENV: 'production', JWT_SECRET: secret });
      expect(c.contests.paidEntry).toBe(false);
      expect(c.payments.provider).toBeNull();
      expect(c.payments.keys).toBeNull();
    });

    it('refuses the test gateway in production and Razorpay without its keys', () => {
      expect(() => loadConfig({ DATA_DIR: tempDir(), APP_ENV: 'production', JWT_SECRET: secret, CONTESTS_PAID_ENTRY: 'on', PAYMENTS_PROVIDER: 'test' })).toThrow(/refused when APP_ENV=production/);
      expect(() => loadConfig({ DATA_DIR: tempDir(), APP_ENV: 'production', JWT_SECRET: secret, CONTESTS_PAID_ENTRY: 'on' })).toThrow(/RAZORPAY_KEY_ID/);
      const c = loadConfig({
        DATA_DIR: tempDir(),
        APP_ENV: 'production',
        JWT_SECRET: secret,
        CONTESTS_PAID_ENTRY: 'on',
        RAZORPAY_KEY_ID: 'rzp_live_AbC123',
        RAZORPAY_KEY_SECRET: 'key-secret-123',
        RAZORPAY_WEBHOOK_SECRET: 'hook-secret-123',
      });
      expect(c.payments.provider).toBe('razorpay');
      expect(c.payments.keys).toEqual({ keyId: 'rzp_live_AbC123', keySecret: 'key-secret-123', webhookSecret: 'hook-secret-123', apiUrl: 'https://api.razorpay.com' });
    });

    it('can be turned off in development', () => {
      const c = loadConfig({ DATA_DIR: tempDir(), CONTESTS_PAID_ENTRY: 'off' });
      expect(c.contests.paidEntry).toBe(false);
      expect(c.payments.provider).toBeNull();
      expect(() => loadConfig({ DATA_DIR: tempDir(), CONTESTS_PAID_ENTRY: 'maybe' })).toThrow(/CONTESTS_PAID_ENTRY is on or off/);
    });
  });
});
