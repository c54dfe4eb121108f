import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from './api.js';
import { startServer } from './global-setup.js';

// The drill runs the built server and the built commands as an operator would, so it lives with the
// tests that start the built server as a process (`npm test` builds first).
const ROOT = resolve(import.meta.dirname, '..');
const ADMIN = { email: 'drill-admin@example.com', password: 'drill-password-1' };
const WRITERS = 4;
const PG_BASE = process.env.DATABASE_URL_TEST;

const root = mkdtempSync(join(tmpdir(), 'abhyas-drill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Ran = { code: number; stdout: string; stderr: string };

/** Runs a built command (`npm run db:backup` and `db:restore` run these files) with the server's settings. */
function command(name: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<Ran> {
  return new Promise((done) => {
    execFile(process.execPath, [join(ROOT, `apps/server/dist/cli/${name}.js`), file], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(baseURL: string): Promise<string> {
  const res = await api<{ token: string }>(baseURL, '/api/auth/login', { method: 'POST', body: ADMIN });
  expect(res.status).toBe(200);
  return res.body.token;
}

type Draft = { id: string; title: string };

/**
 * Editors writing blog drafts as fast as the server acknowledges them, each writer one request at a
 * time; `acknowledged` grows with every 201 in the order they arrive.
 */
function writeLoad(baseURL: string, token: string) {
  const acknowledged: Draft[] = [];
  const refused: string[] = [];
  let running = true;
  let n = 0;
  const writers = Array.from({ length: WRITERS }, async () => {
    while (running) {
      const title = `Drill draft ${(n += 1)}`;
      const res = await api<{ data: Draft }>(baseURL, '/api/admin/blogs', { method: 'POST', token, body: { title, content: `Written under load: ${title}.` } });
      if (res.status === 201) acknowledged.push({ id: res.body.data.id, title: res.body.data.title });
      else refused.push(`${res.status} ${JSON.stringify(res.body)}`);
    }
  });
  return {
    acknowledged,
    refused,
    until: async (count: number) => {
      while (acknowledged.length < count && refused.length === 0) await new Promise((r) => setTimeout(r, 10));
    },
    stop: async () => {
      running = false;
      await Promise.all(writers);
    },
  };
}

type Target = { env: Record<string, string>; dispose: () => Promise<void> };

function sqliteTarget(name: string): Target {
  const dataDir = join(root, name);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: `file:${join(dataDir, 'app.db')}` }, dispose: async () => {} };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of the drill's own on the shared PostgreSQL server, dropped afterwards. */
async function postgresTarget(name: string): Promise<Target> {
  const database = `abhyas_drill_${process.pid}_${Date.now().toString(36)}_${name}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(PG_BASE!);
  url.pathname = `/${database}`;
  return {
    env: { DATA_DIR: join(root, `${database}-data`), DATABASE_URL: url.toString() },
    dispose: () => adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
  };
}

async function drill(dialect: 'sqlite' | 'postgres'): Promise<void> {
  const live = dialect === 'sqlite' ? sqliteTarget('live') : await postgresTarget('live');
  const restored = dialect === 'sqlite' ? sqliteTarget('restored') : await postgresTarget('restored');
  const servers: { child: ChildProcess; dir: string }[] = [];
  const serverEnv = (target: Target) => ({ ...target.env, SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const server = await startServer(serverEnv(live));
    servers.push(server);
    const load = writeLoad(server.baseURL, await signIn(server.baseURL));
    await load.until(40);
    // Everything acknowledged before the command starts must be in the backup.
    const before = [...load.acknowledged];
    const file = join(root, `${dialect}.backup`);
    const backup = await command('backup', file, live.env);
    const duringBackup = load.acknowledged.length - before.length;
    await load.stop();
    expect(load.refused).toEqual([]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(dialect === 'sqlite' ? /Backed up .* \d+ pages of \d+ bytes, [\d.]+ [KM]iB, in [\d.]+ m?s\./ : /Backed up PostgreSQL \d+.* with pg_dump \d+/);
    await stop(server.child);

    const restore = await command('restore', file, restored.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const again = await startServer(serverEnv(restored));
    servers.push(again);
    const token = await signIn(again.baseURL);
    const list = await api<{ data: Draft[] }>(again.baseURL, '/api/admin/blogs', { token });
    expect(list.status).toBe(200);
    const found = new Map(list.body.data.map((d) => [d.id, d.title]));
    const missing = before.filter((d) => found.get(d.id) !== d.title);
    expect(missing, `${before.length} drafts acknowledged before the backup began, ${duringBackup} while it ran`).toEqual([]);
    // Nothing the server never acknowledged appears: every draft restored was answered 201 at some point.
    const answered = new Set(load.acknowledged.map((d) => d.id));
    expect([...found.keys()].filter((id) => !answered.has(id))).toEqual([]);
    const one = await api<{ data: Draft & { content: string } }>(again.baseURL, `/api/admin/blogs/${before[0]!.id}`, { token });
    expect(one.body.data.content).toBe(`Written under load: ${before[0]!.title}.`);
  } finally {
    for (const s of servers) {
      await stop(s.child);
      rmSync(s.dir, { recursive: true, force: true });
    }
    await live.dispose();
    await restored.dispose();
  }
}

describe('backup and restore drill', () => {
  it('on SQLite: a backup taken under write load, restored into a fresh data folder, holds every write acknowledged before it began', () => drill('sqlite'));

  it.skipIf(!PG_BASE)('on PostgreSQL: the same through pg_dump and pg_restore, into a fresh database', () => drill('postgres'));
});
