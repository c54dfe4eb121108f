/**
 * Baseline for the profile scenario: bare Fastify + better-sqlite3 doing the same primary-key read
 * and the same row-to-JSON mapping as GET /api/users/profile, with no auth, hooks, plugins or logging.
 * The user id comes in the x-user-id header. Runs as its own process, transpiled to plain JS
 * (so keep it self-contained: package imports only). Env: PORT, HOST, DB_FILE.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

type UserRow = {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  role: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  target_exam: string | null;
  education: string | null;
  date_of_birth: string | null;
  gender: string | null;
  preferred_language: string;
  token_version: number;
  created_at: number;
  updated_at: number;
  previous_sign_in_at: number | null;
  extra_minutes_per_hour: number;
};

const dbFile = process.env.DB_FILE;
if (!dbFile) throw new Error('DB_FILE is required');

// The same pragmas the real server sets.
const db = new Database(dbFile, { fileMustExist: true });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
const byId = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');

const filled = (v: string | null) => typeof v === 'string' && v.trim() !== '';

function toUser(row: UserRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    targetExam: row.target_exam,
    education: row.education,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    preferredLanguage: row.preferred_language,
    isCompleted: filled(row.name) && filled(row.phone) && filled(row.pincode) && filled(row.target_exam),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    previousSignInAt: row.previous_sign_in_at === null ? null : new Date(row.previous_sign_in_at).toISOString(),
    extraMinutesPerHour: Number(row.extra_minutes_per_hour),
  };
}

const app = Fastify({ logger: false });

app.get('/health', async () => ({ status: 'ok' }));

app.get('/api/users/profile', async (request, reply) => {
  const id = request.headers['x-user-id'];
  const row = typeof id === 'string' ? byId.get(id) : undefined;
  if (!row) return reply.code(404).send({ message: 'no such user' });
  return { user: toUser(row) };
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
