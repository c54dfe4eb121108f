import { z } from 'zod';
import { MEDIA_FILE_SOURCE, MEDIA_URL_PREFIX } from './media.js';

export const AD_LIMITS = {
  titleMax: 120,
  urlMax: 2000,
  weightMin: 1,
  weightMax: 100,
  /** PIN codes and prefixes one ad may target, together. */
  targetsMax: 200,
  /** Ads one location answer lists at most. */
  perLocationMax: 20,
  /** Impressions and clicks one address may report per minute. */
  eventsPerMinute: 120,
} as const;

/** Ad images are 4:1 banners; 1200 × 300 looks sharp on every phone. */
export const AD_IMAGE_SIZE = { width: 1200, height: 300 } as const;

/** An image stored on this server: `/media/<key>.<ext>`. */
export const STORED_IMAGE_PATTERN = new RegExp(`^${MEDIA_URL_PREFIX}${MEDIA_FILE_SOURCE}$`);

/** A six-digit Indian PIN code (the first digit is never 0). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
/** A PIN prefix: the first one to five digits of a PIN code (region, sub-region, sorting district…). */
export const PIN_PREFIX_PATTERN = /^[1-9]\d{0,4}$/;

/** An ad as a candidate's browser receives it: what the banner shows and how often to pick it. */
export const adSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  targetUrl: z.string(),
  weight: z.number().int(),
});
export type Ad = z.infer<typeof adSchema>;

/**
 * GET /api/advertisements/getAdsbyLocation?pincode=NNNNNN (docs/PRODUCT.md §4). Without a pincode (a
 * visitor whose place is unknown) the answer is the national ads.
 */
export const adsByLocationQuerySchema = z.strictObject({
  pincode: z
    .string({ error: 'pincode must be a 6-digit PIN code' })
    .trim()
    .regex(PINCODE_PATTERN, { error: 'pincode must be a 6-digit PIN code' })
    .optional(),
});
export const adsByLocationResponseSchema = z.object({ data: z.array(adSchema) });

export const AD_EVENTS = ['impression', 'click'] as const;
export type AdEvent = (typeof AD_EVENTS)[number];
