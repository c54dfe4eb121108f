import { adPincode } from '@/features/ads/utils/ad-pincode';
import { LocationAd } from '@/features/ads/components/location-ad';
import { useLocation } from '@/features/location/use-location';
import { useProfile } from '@/features/profile/api/get-profile';

/**
 * The ad on public pages: chosen by the location facility's postcode, or by the profile's PIN
 * code when the location is unavailable (DESIGN.md §4).
 */
export function AdSlot() {
  const location = useLocation();
  const profile = useProfile();
  return <LocationAd pincode={adPincode(location, profile.data?.user.pincode)} className="mt-10" />;
}
