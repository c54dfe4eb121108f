/** Ids an `in (…)` list carries per statement, well within SQLite's bound parameters. */
export const IDS_PER_STATEMENT = 500;

/** Runs `read` over the distinct ids a slice at a time, or once over everything when no ids are given. */
export async function overIds<T>(ids: readonly string[] | undefined, read: (slice: string[] | undefined) => Promise<T[]>): Promise<T[]> {
  if (ids === undefined) return read(undefined);
  const unique = [...new Set(ids)];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) out.push(...(await read(unique.slice(i, i + IDS_PER_STATEMENT))));
  return out;
}
