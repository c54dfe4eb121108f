import { z } from 'zod';

/**
 * Coordinates are rounded to this many decimals (about 110 m) before they leave the browser, for
 * the server's cache key and the upstream lookup, so a precise position is never sent or stored.
 */
export const GEO_COORDINATE_DECIMALS = 3;

/** Rounds a coordinate to GEO_COORDINATE_DECIMALS places. */
export function roundCoordinate(value: number): number {
  const factor = 10 ** GEO_COORDINATE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

const coordinate = (name: 'lat' | 'lon', max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, { error: `${name} must be a decimal number such as ${name === 'lat' ? '12.935' : '77.624'}` })
    .transform(Number)
    .refine((v) => v >= -max && v <= max, { error: `${name} must be between -${max} and ${max}` });

/** GET /api/geo/reverse?lat=&lon= */
export const geoReverseQuerySchema = z.strictObject({
  lat: coordinate('lat', 90),
  lon: coordinate('lon', 180),
});
export type GeoReverseQuery = z.input<typeof geoReverseQuerySchema>;

/** The address parts the location facility shows, and the text built from them. */
export const geoAddressSchema = z.object({
  /** The suburb, or else the neighbourhood. */
  suburb: z.string().nullable(),
  /** The city, or else the town, or else the village. */
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  /** `Koramangala, Bengaluru 560034`: suburb, then city and postcode (docs/PRODUCT.md §6.4). */
  text: z.string(),
});
export type GeoAddress = z.infer<typeof geoAddressSchema>;

/** Builds the location text from its parts, leaving out the missing ones. */
export function locationText({ suburb, city, postcode }: Pick<GeoAddress, 'suburb' | 'city' | 'postcode'>): string {
  const place = [city, postcode].filter(Boolean).join(' ');
  return [suburb, place].filter(Boolean).join(', ');
}
