import type { Executor } from '../../db/index.js';
import type { Image } from '../../lib/images.js';

/** Stores images not stored yet; returns the keys that were new. */
export async function storeImages(db: Executor, images: Image[], createdBy: string | null, now: number): Promise<Set<string>> {
  const fresh = new Set<string>();
  const unique = [...new Map(images.map((i) => [i.key, i])).values()];
  // A few at a time: each row carries up to MEDIA_MAX_BYTES of data.
  for (let i = 0; i < unique.length; i += 20) {
    const rows = await db
      .insertInto('media')
      .values(
        unique.slice(i, i + 20).map((img) => ({
          key: img.key,
          content_type: img.contentType,
          bytes: img.bytes,
          width: img.width,
          height: img.height,
          data: img.data,
          created_by: createdBy,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    for (const r of rows) fresh.add(r.key);
  }
  return fresh;
}

/** One stored image with its bytes. */
export async function findImage(db: Executor, key: string) {
  return db.selectFrom('media').select(['content_type', 'bytes', 'data']).where('key', '=', key).executeTakeFirst();
}

/** Stored images by key, bytes included (for exports that embed them). */
export async function imagesByKey(db: Executor, keys: string[]) {
  const found = new Map<string, { contentType: Image['contentType']; data: Buffer }>();
  for (let i = 0; i < keys.length; i += 100) {
    const rows = await db.selectFrom('media').select(['key', 'content_type', 'data']).where('key', 'in', keys.slice(i, i + 100)).execute();
    for (const r of rows) found.set(r.key, { contentType: r.content_type, data: Buffer.from(r.data) });
  }
  return found;
}

export async function imageExists(db: Executor, key: string): Promise<boolean> {
  return (await db.selectFrom('media').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
}
