import { MEDIA_EXTENSIONS, type Media } from '@abhyas/contracts';
import type { Db, Executor } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { IMAGE_TYPE_MESSAGE, inspectImage, type Image } from '../../lib/images.js';
import { findImage, imageExists, imagesByKey, storeImages as insertImages } from './media.repo.js';

type Deps = { db: Db; clock: Clock };

const toMedia = ({ key, url, contentType, bytes, width, height }: Image): Media => ({ key, url, contentType, bytes, width, height });

/**
 * Checks and stores one image. What the bytes are decides, not a declared type or a file name:
 * 415 for bytes that are not an image Abhyas keeps, 413 over `maxBytes`, 400 for oversized
 * dimensions. The same bytes are stored once; `created` says whether they were new.
 */
export async function storeImage(deps: Deps, data: unknown, opts: { maxBytes: number; createdBy: string | null }): Promise<{ media: Media; created: boolean }> {
  if (!Buffer.isBuffer(data) || data.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, IMAGE_TYPE_MESSAGE);
  const check = inspectImage(data, opts.maxBytes);
  if (!check.ok) {
    if (check.reason === 'type') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, check.message);
    if (check.reason === 'size') throw new AppError('PAYLOAD_TOO_LARGE', 413, check.message);
    throw new AppError('VALIDATION_FAILED', 400, check.message, [{ field: 'file', message: check.message }]);
  }
  const fresh = await insertImages(deps.db, [check.image], opts.createdBy, deps.clock.now());
  return { media: toMedia(check.image), created: fresh.has(check.image.key) };
}

/**
 * Stores images already checked with inspectImage (those not stored yet), on the executor given, so
 * that a caller's transaction can include them; returns the keys that were new.
 */
export async function storeCheckedImages(db: Executor, images: Image[], createdBy: string | null, now: number): Promise<Set<string>> {
  return insertImages(db, images, createdBy, now);
}

/** A stored image's type, size and bytes, when `key` names one stored with this file extension. */
export async function imageFile(deps: { db: Db }, key: string, extension: string) {
  const image = await findImage(deps.db, key);
  return image && MEDIA_EXTENSIONS[image.content_type] === extension ? image : undefined;
}

/** Stored images by key, bytes included (for exports that embed them). */
export async function storedImages(deps: { db: Db }, keys: string[]) {
  return imagesByKey(deps.db, keys);
}

export async function isStoredImage(deps: { db: Db }, key: string): Promise<boolean> {
  return imageExists(deps.db, key);
}
