import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyDatabase, timeUntil } from './postgres-admin.js';
import { getOnce, startServerProcess, type ServerProcess } from './server-process.js';

const postgres = process.env.TEST_DIALECT === 'postgres';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(postgres)('WORKERS on SQLite', () => {
  it('is refused at start, with the reason', async () => {
    await expect(startServerProcess({ WORKERS: '2' }, 20_000)).rejects.toThrow(/WORKERS=2 needs PostgreSQL: SQLite is served by one process/);
  });
});

/**
 * The built layout of several processes on one machine: a primary that prepares the database once
 * and forks the workers, which share the port.
 */
describe.skipIf(!postgres)('WORKERS=2 on PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('prepares the database once, answers from two workers, replaces one that dies and stops them all on SIGTERM', async () => {
    const database = await emptyDatabase('abhyas_workers');
    cleanups.push(database.drop);
    const server: ServerProcess = await startServerProcess({
      DATABASE_URL: database.url,
      WORKERS: '2',
      SHUTDOWN_DRAIN: '0s',
      ADMIN_EMAIL: 'chief@example.com',
      ADMIN_PASSWORD: 'a-long-admin-password',
    });
    cleanups.push(server.dispose);
    const primary = server.child.pid!;

    // Each answer on a connection of its own: the primary hands connections to the workers in turn.
    const requestLines = () => server.logLines().filter((l) => l.msg === 'request completed');
    const answeredBy = async (count: number) => {
      const before = requestLines().length;
      for (let i = 0; i < count; i += 1) expect((await getOnce(server.port, '/api/health/ready')).status).toBe(200);
      await timeUntil(async () => requestLines().length >= before + count, 5_000);
      return new Set(requestLines().slice(before).map((l) => l.pid as number));
    };
    const workers = await answeredBy(8);
    expect(workers.size).toBe(2);
    expect(workers.has(primary)).toBe(false);

    // Migrations, seed and administrator: by the primary, once.
    const ready = server.logLines().filter((l) => l.msg === 'database ready');
    expect(ready.map((l) => l.pid)).toEqual([primary]);
    expect((ready[0]!.migrationsApplied as string[]).length).toBeGreaterThan(10);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>("select count(*) as n from users where email = 'chief@example.com' and role = 'admin'");
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await client.end();
    }

    // A worker that dies is replaced, and the port keeps answering.
    const [victim] = [...workers];
    process.kill(victim!, 'SIGKILL');
    await timeUntil(async () => server.output().includes('worker died unexpectedly'), 5_000);
    await timeUntil(async () => server.logLines().filter((l) => l.msg === 'worker listening').length === 3, 30_000, 200);
    const after = await answeredBy(8);
    expect(after.has(victim!)).toBe(false);
    expect(after.size).toBe(2);

    // SIGTERM to the primary stops every worker gracefully, within the grace.
    const stopped = await server.stop('SIGTERM', 15_000);
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(10_000);
    for (const pid of [...after, primary]) expect([pid, alive(pid)]).toEqual([pid, false]);
    expect(server.logLines().filter((l) => l.msg === 'shutting down: draining').map((l) => l.pid).sort()).toEqual([...after].sort());
  }, 90_000);
});
