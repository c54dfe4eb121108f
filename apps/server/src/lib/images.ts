import { createHash } from 'node:crypto';
import { MEDIA_EXTENSIONS, MEDIA_URL_PREFIX, type MediaType } from '@abhyas/contracts';
import { imageSize } from 'image-size';

/** image-size's names for the types Abhyas stores; every other type (SVG, BMP, TIFF…) is refused. */
const STORED: Record<string, MediaType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
/** Larger images cost a cheap phone more memory to decode than the page is worth. */
export const MAX_IMAGE_SIDE = 8000;
const MAX_IMAGE_PIXELS = 40_000_000;

export type Image = { key: string; url: string; contentType: MediaType; bytes: number; width: number | null; height: number | null; data: Buffer };
export type ImageCheck = { ok: true; image: Image } | { ok: false; reason: 'type' | 'size' | 'dimensions'; message: string };

export const IMAGE_TYPE_MESSAGE = 'Upload a PNG, JPEG, WebP or GIF image';

/** 2 MB, 64 KB: a size as people read it. */
export const readableSize = (n: number): string => (n >= 1048576 ? `${Math.round((n / 1048576) * 10) / 10} MB` : `${Math.round((n / 1024) * 10) / 10} KB`);

/** The stored name of an image: derived from its bytes, so the same image always gets the same address. */
export const mediaKey = (data: Buffer): string => createHash('sha256').update(data).digest('hex').slice(0, 32);
export const mediaUrl = (key: string, type: MediaType): string => `${MEDIA_URL_PREFIX}${key}.${MEDIA_EXTENSIONS[type]}`;

/**
 * Checks that bytes are an image Abhyas stores, by their signature and header (never by a name or
 * a declared type), within the size and pixel limits, and gives its key, address and dimensions.
 */
export function inspectImage(data: Buffer, maxBytes: number): ImageCheck {
  if (data.length > maxBytes) return { ok: false, reason: 'size', message: `Images up to ${readableSize(maxBytes)} can be uploaded; this one is ${readableSize(data.length)}` };
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(data);
  } catch {
    return { ok: false, reason: 'type', message: IMAGE_TYPE_MESSAGE };
  }
  const contentType = size.type ? STORED[size.type] : undefined;
  if (!contentType) return { ok: false, reason: 'type', message: IMAGE_TYPE_MESSAGE };
  const width = size.width || null;
  const height = size.height || null;
  if ((width ?? 0) > MAX_IMAGE_SIDE || (height ?? 0) > MAX_IMAGE_SIDE || (width ?? 0) * (height ?? 0) > MAX_IMAGE_PIXELS) {
    return { ok: false, reason: 'dimensions', message: `Images up to ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels can be uploaded; this one is ${width} × ${height}` };
  }
  const key = mediaKey(data);
  return { ok: true, image: { key, url: mediaUrl(key, contentType), contentType, bytes: data.length, width, height, data } };
}
