import { adsByLocationResponseSchema, type Ad } from '@abhyas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adKeys } from './ad-keys';

/** GET /api/advertisements/getAdsbyLocation?pincode= (seed-spec §7): `data` is the list of ads. */
export async function getAdsByLocation(pincode: string, signal?: AbortSignal): Promise<Ad[]> {
  const { data } = await apiRequest(`advertisements/getAdsbyLocation?pincode=${encodeURIComponent(pincode)}`, { schema: adsByLocationResponseSchema, signal });
  return data;
}

export function adsByLocationQueryOptions(pincode: string) {
  return queryOptions({ queryKey: adKeys.forPincode(pincode), queryFn: ({ signal }) => getAdsByLocation(pincode, signal), staleTime: 5 * 60_000, retry: false });
}

/** The ads for a PIN code; idle until there is one. */
export function useAdsByLocation(pincode: string | null) {
  return useQuery({ ...adsByLocationQueryOptions(pincode ?? ''), enabled: pincode !== null });
}
