import { geoAddressSchema, type GeoAddress } from '@abhyas/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { locationKeys } from './location-keys';

/** GET /api/geo/reverse: the address at a (rounded) position, looked up by our server. */
export function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<GeoAddress> {
  return apiRequest(`geo/reverse?lat=${lat}&lon=${lon}`, { schema: geoAddressSchema, signal });
}

/** A place's address does not change while the page is open: fetched once, kept. */
export function reverseGeocodeQueryOptions(lat: number, lon: number) {
  return queryOptions({
    queryKey: locationKeys.address(lat, lon),
    queryFn: ({ signal }) => reverseGeocode(lat, lon, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
}
