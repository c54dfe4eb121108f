import type { Executor } from './index.js';

export type CounterName = 'content' | 'ads';

export async function readCounter(db: Executor, name: CounterName): Promise<number> {
  const row = await db.selectFrom('app_counters').select('value').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Moves a counter on by one, atomically, whichever process does it. */
export async function bumpCounter(db: Executor, name: CounterName): Promise<void> {
  await db.updateTable('app_counters').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', name).execute();
}
