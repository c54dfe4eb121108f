import { readFileSync } from 'node:fs';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { storeImage } from '../modules/media/media.service.js';

/** Demo banners and covers are small; a larger file here is a mistake in the demo content. */
const DEMO_IMAGE_MAX_BYTES = 512 * 1024;

/** Stores a demo image as an upload would be (the same bytes once) and answers its address. */
export async function storeDemoImage(deps: { db: Db; clock: Clock }, file: string, label: string): Promise<string> {
  try {
    return (await storeImage(deps, readFileSync(file), { maxBytes: DEMO_IMAGE_MAX_BYTES, createdBy: null })).media.url;
  } catch (err) {
    throw new Error(`${label}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}
