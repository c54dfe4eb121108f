import { LocationAd } from '@/features/ads/components/location-ad';
import { useLocation } from '@/features/location/use-location';
import { useCurrentUser } from '@/lib/current-user';
import { adPincode } from './ad-pincode';

/**
 * The ad on public pages: chosen by the location facility's postcode, or by the profile's PIN
 * code when the location is unavailable (docs/PRODUCT.md §6.4, §8.5).
 */
export function AdSlot() {
  const location = useLocation();
  const profile = useCurrentUser();
  return <LocationAd pincode={adPincode(location, profile.data?.user.pincode)} className="mt-10" />;
}
