import type { AdEvent } from '@abhyas/contracts';
import { apiUrl } from '@/lib/api-client';

/**
 * POST /api/advertisements/:id/impression or /click. Sent as a beacon: it survives the page
 * being left (a click navigates away) and nobody waits for it. A lost count is not worth an error.
 */
export function recordAdEvent(adId: string, event: AdEvent): void {
  const url = apiUrl(`advertisements/${encodeURIComponent(adId)}/${event}`);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
    void fetch(url, { method: 'POST', keepalive: true }).catch(() => undefined);
  } catch {
    // Counting is best effort.
  }
}
