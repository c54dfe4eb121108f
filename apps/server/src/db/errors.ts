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
