import { adsByLocationResponseSchema, type Ad } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adKeys } from './ad-keys';

/**
 * GET /api/advertisements/getAdsbyLocation?pincode= (docs/PRODUCT.md §4): `data` is the list of ads; with
 * no PIN code (the place is unknown), the national ads.
 */
export async function getAdsByLocation(pincode: string | null, signal?: AbortSignal): Promise<Ad[]> {
  const query = pincode ? `?pincode=${encodeURIComponent(pincode)}` : '';
  const { data } = await apiRequest(`advertisements/getAdsbyLocation${query}`, { schema: adsByLocationResponseSchema, signal });
  return data;
}

export function adsByLocationQueryOptions(pincode: string | null) {
  return queryOptions({ queryKey: adKeys.forPincode(pincode ?? 'national'), queryFn: ({ signal }) => getAdsByLocation(pincode, signal), staleTime: 5 * 60_000, retry: false });
}

/** The ads for a PIN code, or the national ones for null; idle while the PIN code is not known yet (undefined). */
export function useAdsByLocation(pincode: string | null | undefined) {
  return useQuery({ ...adsByLocationQueryOptions(pincode ?? null), enabled: pincode !== undefined });
}
