import { locationText, roundCoordinate, type GeoAddress } from '@abhyas/contracts';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { claimUpstreamSlot, findCachedAddress, pruneGeoCache, saveCachedAddress } from './geo.repo.js';
import type { Geocoder } from './nominatim.js';

/** How long an answer is reused: places do not move, and the service asks us to cache. */
export const GEO_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** Nominatim's usage policy: at most one request a second (https://operations.osmfoundation.org/policies/nominatim/). */
export const UPSTREAM_INTERVAL_MS = 1000;
/** A lookup waits this long at most for its upstream turn, well inside the request timeout. */
export const UPSTREAM_MAX_WAIT_MS = 8000;

export type GeoDeps = { db: Db; clock: Clock; geocoder: Geocoder };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for this process's turn to call the geocoding service. The turn is claimed in the shared
 * database (`claimUpstreamSlot`), so every process against one database together keeps to one
 * request a second, with or without Redis. Real time is used, not the app clock: it paces a real
 * service. A lookup that would wait longer than `maxWaitMs` is refused with 503.
 */
export async function waitForUpstreamSlot(db: Db, { intervalMs = UPSTREAM_INTERVAL_MS, maxWaitMs = UPSTREAM_MAX_WAIT_MS } = {}): Promise<void> {
  const started = Date.now();
  for (;;) {
    const wait = await claimUpstreamSlot(db, Date.now(), intervalMs);
    if (wait === 0) return;
    const waited = Date.now() - started;
    if (waited + wait > maxWaitMs) {
      const seconds = Math.ceil((wait + intervalMs) / 1000);
      throw new AppError('SERVICE_UNAVAILABLE', 503, 'Too many location lookups right now. Try again in a few seconds.', undefined, { 'retry-after': String(seconds) });
    }
    // A little jitter, so waiting processes do not all ask again at the same instant.
    await sleep(wait + Math.floor(Math.random() * 25));
  }
}

const cacheKey = (lat: number, lon: number) => `${lat.toFixed(3)},${lon.toFixed(3)}`;

const noAddress = () => notFound('No address is known at this position');

function toAddress(row: { suburb: string | null; city: string | null; postcode: string | null }): GeoAddress {
  const { suburb, city, postcode } = row;
  return { suburb, city, postcode, text: locationText({ suburb, city, postcode }) };
}

/**
 * Reverse geocoding through the cache: coordinates are rounded (about 110 m) for the key and for
 * the upstream call, answers (including "no address here") are kept for 24 hours in the database
 * that every process shares, and concurrent lookups of one key in this process share one call.
 */
export function createReverseGeocoding(deps: GeoDeps) {
  const inFlight = new Map<string, Promise<GeoAddress>>();

  async function lookup(lat: number, lon: number, key: string): Promise<GeoAddress> {
    const cached = await findCachedAddress(deps.db, key, deps.clock.now() - GEO_CACHE_TTL_MS);
    if (cached) {
      if (!cached.found) throw noAddress();
      return toAddress(cached);
    }
    await waitForUpstreamSlot(deps.db);
    const result = await deps.geocoder.reverse(lat, lon);
    const row = result.found ? { suburb: result.suburb, city: result.city, postcode: result.postcode } : { suburb: null, city: null, postcode: null };
    await saveCachedAddress(deps.db, { key, ...row, found: result.found ? 1 : 0, fetched_at: deps.clock.now() });
    if (!result.found) throw noAddress();
    return toAddress(row);
  }

  return function reverseGeocode(latitude: number, longitude: number): Promise<GeoAddress> {
    const lat = roundCoordinate(latitude);
    const lon = roundCoordinate(longitude);
    const key = cacheKey(lat, lon);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = lookup(lat, lon, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

/** Forgets cached addresses older than the cache keeps them. */
export async function forgetExpiredAddresses(deps: { db: Db; clock: Clock }): Promise<void> {
  await pruneGeoCache(deps.db, deps.clock.now() - GEO_CACHE_TTL_MS);
}
