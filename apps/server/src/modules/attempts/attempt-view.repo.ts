import type { Executor } from '../../db/index.js';

/**
 * Replaces the view of an open attempt whose writer is this device (or none is recorded); false when
 * the attempt closed or another device took it over since it was read.
 */
export async function writeView(db: Executor, attemptId: string, view: string, deviceId: string | null): Promise<boolean> {
  const result = await db
    .updateTable('attempts')
    .set({ view })
    .where('id', '=', attemptId)
    .where('status', '=', 'open')
    .where((eb) => (deviceId === null ? eb('device_id', 'is', null) : eb.or([eb('device_id', 'is', null), eb('device_id', '=', deviceId)])))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
