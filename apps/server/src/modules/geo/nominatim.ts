import { z } from 'zod';
import { AppError } from '../../lib/errors.js';

/** What a reverse lookup found: the address parts we show, or nothing at that position. */
export type ReverseResult = { found: true; suburb: string | null; city: string | null; postcode: string | null } | { found: false };

export type Geocoder = { reverse: (lat: number, lon: number) => Promise<ReverseResult> };

/** Longest address part kept; anything longer is not a place name. */
const PART_MAX = 100;
/** Largest answer read from the service; a reverse lookup is a few kilobytes. */
const ANSWER_MAX_CHARS = 256 * 1024;

const answerSchema = z.object({
  error: z.string().optional(),
  address: z.record(z.string(), z.unknown()).optional(),
});

const badGateway = (message: string) => new AppError('BAD_GATEWAY', 502, message);

function part(address: Record<string, unknown>, ...names: string[]): string | null {
  for (const name of names) {
    const value = address[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, PART_MAX);
  }
  return null;
}

/** Indian PIN codes are sometimes written `560 034`; the ads want the six digits. */
function normalisePostcode(postcode: string | null): string | null {
  if (postcode && /^\d{3}\s?\d{3}$/.test(postcode)) return postcode.replace(/\s/, '');
  return postcode;
}

/**
 * A client for a Nominatim-compatible `/reverse` endpoint
 * (https://nominatim.org/release-docs/latest/api/Reverse/). It reads the address fields the
 * original client reads (docs/PRODUCT.md §4): suburb or neighbourhood, city, town or village, postcode.
 * Every failure of the service becomes a 502 with a message a person can read.
 */
export function createNominatimGeocoder({ url, userAgent, timeoutMs }: { url: string; userAgent: string; timeoutMs: number }): Geocoder {
  return {
    async reverse(lat, lon) {
      const query = new URLSearchParams({ format: 'json', lat: String(lat), lon: String(lon), zoom: '18', addressdetails: '1', 'accept-language': 'en' });
      let response: Response;
      let body: string;
      try {
        response = await fetch(`${url}/reverse?${query}`, {
          headers: { 'user-agent': userAgent, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = await response.text();
      } catch {
        throw badGateway('The location service could not be reached. Try again later.');
      }
      if (!response.ok) throw badGateway(`The location service answered with an error (HTTP ${response.status}). Try again later.`);
      let parsed: z.infer<typeof answerSchema>;
      try {
        if (body.length > ANSWER_MAX_CHARS) throw new Error('too long');
        parsed = answerSchema.parse(JSON.parse(body));
      } catch {
        throw badGateway('The location service sent an answer that could not be read. Try again later.');
      }
      // Nominatim answers 200 with `{ "error": "Unable to geocode" }` where it knows no address.
      if (parsed.error || !parsed.address) return { found: false };
      const a = parsed.address;
      const result = {
        suburb: part(a, 'suburb', 'neighbourhood'),
        city: part(a, 'city', 'town', 'village'),
        postcode: normalisePostcode(part(a, 'postcode')),
      };
      if (!result.suburb && !result.city && !result.postcode) return { found: false };
      return { found: true, ...result };
    },
  };
}
