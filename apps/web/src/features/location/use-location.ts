import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { t } from '@/i18n/i18n';
import { reverseGeocodeQueryOptions } from './api/reverse-geocode';
import { useLocationStore } from './location-store';

/**
 * What the location facility knows (docs/PRODUCT.md §6.4): detecting at first, then not supported, not
 * enabled (permission refused), a fetch error (no position, or the lookup failed), or the place.
 */
export type LocationState =
  | { status: 'detecting' | 'unsupported' | 'denied' | 'error'; text: string; postcode: null }
  | { status: 'found'; text: string; postcode: string | null };

const MESSAGE = {
  detecting: 'location.detecting',
  unsupported: 'location.unsupported',
  denied: 'location.denied',
  error: 'location.error',
} as const;

const stateFor = (status: keyof typeof MESSAGE): LocationState => ({ status, text: t(MESSAGE[status]), postcode: null });

/**
 * The one location facility for the whole app: any component may call it; the position is asked
 * for once per page load and the address looked up once per place.
 */
export function useLocation(): LocationState {
  const position = useLocationStore((s) => s.position);
  const detect = useLocationStore((s) => s.detect);
  useEffect(detect, [detect]);
  const located = position.status === 'located' ? position : null;
  const address = useQuery({ ...reverseGeocodeQueryOptions(located?.lat ?? 0, located?.lon ?? 0), enabled: located !== null });

  if (position.status !== 'located') return stateFor(position.status);
  if (address.isError || (address.data && !address.data.text)) return stateFor('error');
  if (!address.data) return stateFor('detecting');
  return { status: 'found', text: address.data.text, postcode: address.data.postcode };
}
