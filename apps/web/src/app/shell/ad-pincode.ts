import { PINCODE_PATTERN } from '@abhyas/contracts';
import type { LocationState } from '@/features/location/use-location';

/**
 * The PIN code that picks the ads: the location facility's postcode when it found one, otherwise
 * the profile's PIN code once the location is known to be unavailable; undefined while still
 * detecting; null when neither is a valid PIN code (the national ads are shown).
 */
export function adPincode(location: Pick<LocationState, 'status' | 'postcode'>, profilePincode: string | null | undefined): string | null | undefined {
  if (location.status === 'detecting') return undefined;
  if (location.postcode && PINCODE_PATTERN.test(location.postcode)) return location.postcode;
  return profilePincode && PINCODE_PATTERN.test(profilePincode) ? profilePincode : null;
}
