/** The driver's error code: SQLite's `SQLITE_CONSTRAINT_*` name or PostgreSQL's SQLSTATE. */
function codeOf(err: unknown): unknown {
  return typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
}

/** True when a write failed on a unique constraint, on either dialect (SQLite's code, PostgreSQL's SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** True when a write referred to a row that does not exist (SQLite's code, PostgreSQL's SQLSTATE 23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * True when PostgreSQL refused text in the request itself: 22021 (a NUL or a byte sequence not
 * valid in the database's encoding) or 22P05 (a Unicode escape it cannot hold, such as `\u0000` in
 * JSON). The contracts refuse such text before it gets here; this is the last line behind them.
 */
export function isUnstorableText(err: unknown): boolean {
  const code = codeOf(err);
  return code === '22021' || code === '22P05';
}

/** Node's socket errors: the database host refused, dropped or never answered the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * PostgreSQL SQLSTATEs that say the server cannot serve us now, though the request was fine:
 * 57P01–57P03 (shut down by an administrator, crashed, still starting), 53300 (too many
 * connections), 25006 (a read-only standby during a failover). Class 08 (connection exception)
 * is matched as a class.
 */
const POSTGRES_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** pg's own errors for a lost or never-made connection carry no code, only these messages. */
const PG_CONNECTION_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]);

/**
 * SQLite's codes for a file that is locked by another process beyond the busy timeout, or that
 * cannot be read or written right now (I/O error, disk full, file gone): the request itself was
 * fine and may succeed later. Extended codes (`SQLITE_BUSY_SNAPSHOT`, `SQLITE_IOERR_WRITE`…) count.
 */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|IOERR|CANTOPEN|FULL)(_|$)/;

function isUnavailableError(err: unknown): boolean {
  const code = codeOf(err);
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || POSTGRES_UNAVAILABLE.has(code) || code.startsWith('08') || SQLITE_UNAVAILABLE.test(code)) return true;
  }
  // A FATAL or PANIC report from PostgreSQL ends the session: the database refused to let us in
  // (not accepting connections, does not exist yet) or threw us out.
  const severity = (err as { severity?: unknown }).severity;
  if (severity === 'FATAL' || severity === 'PANIC') return true;
  return err instanceof Error && PG_CONNECTION_MESSAGES.has(err.message);
}

/**
 * True when an error means the database cannot be reached or used for now, on either dialect: the
 * answer is 503 with Retry-After, and writes waiting in memory are kept for later. Causes are
 * followed, since pg wraps a timed-out connection's socket error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (isUnavailableError(e)) return true;
  }
  return false;
}
