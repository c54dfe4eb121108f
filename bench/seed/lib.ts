/**
 * What the bench's seeding scripts share. These scripts run the server's own code (its configuration,
 * services and repositories) as a separate process against the running server's database, with the
 * server's environment (DATABASE_URL, DATA_DIR: the same JWT secret), the way `questions:import` runs
 * beside a server. They only create what a scenario needs faster than the HTTP API could: the API
 * signs accounts up with an argon2 hash each (about 60–100 ms of CPU), which for thousands of
 * candidates would take minutes.
 */
import { loadConfig } from '../../apps/server/src/config.js';
import { createDb, type Db, type DbHandle } from '../../apps/server/src/db/index.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.js';
import { createTokenService } from '../../apps/server/src/modules/auth/tokens.js';
import { createUser } from '../../apps/server/src/modules/users/users.service.js';

export const CANDIDATE_PASSWORD = 'practice123';

export type SeededCandidate = { userId: string; email: string; token: string };

/** The server's configuration and a connection to its database. */
export function openServerDb(): { config: ReturnType<typeof loadConfig>; handle: DbHandle } {
  const config = loadConfig(process.env);
  return { config, handle: createDb(config.db) };
}

/**
 * Creates `count` candidate accounts (`bench-<prefix>-<n>@abhyas.test`) through the users service, in
 * one transaction, all with one argon2 hash of the same password (each account can still sign in with
 * it), and signs each in with the server's token service: the bearer tokens the API would issue.
 */
export async function seedCandidates(db: Db, jwt: { secret: string; ttlMs: number }, prefix: string, count: number): Promise<SeededCandidate[]> {
  const passwordHash = await hashPassword(CANDIDATE_PASSWORD);
  const tokens = createTokenService(jwt.secret, jwt.ttlMs, systemClock.now);
  return db.transaction().execute(async (trx) => {
    const out: SeededCandidate[] = [];
    for (let n = 1; n <= count; n++) {
      const email = `bench-${prefix}-${n}@abhyas.test`;
      const user = await createUser({ db: trx, clock: systemClock }, { email, name: `Bench candidate ${n}`, role: 'candidate', passwordHash });
      if (!user) throw new Error(`${email} exists already`);
      out.push({ userId: user.id, email, token: tokens.sign(user.id, user.token_version) });
    }
    return out;
  });
}

/** `--name value` pairs from the command line. */
export function args(): Map<string, string> {
  const out = new Map<string, string>();
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) out.set(argv[i]!.replace(/^--/, ''), argv[i + 1] ?? '');
  return out;
}
