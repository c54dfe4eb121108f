import type { TrackingRecord } from '@abhyas/contracts';
import { apiRequest, apiUrl } from '@/lib/api-client';
import { getAuthToken } from '@/lib/storage';
import { pageViewRecord } from '../utils/page-view-record';

const PATH = 'public/trackUser';

/**
 * POST /public/trackUser on the alt base (docs/PRODUCT.md §4). Signed in, a keepalive fetch carries the
 * bearer token, so the server can apply the rule for under-18s; signed out, navigator.sendBeacon
 * (its string body arrives as text/plain), with the keepalive fetch where a beacon is refused.
 * Either way the request outlives the page and nobody waits for it.
 */
export async function sendPageView(record: TrackingRecord): Promise<void> {
  if (!getAuthToken() && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(apiUrl(PATH, 'alt'), JSON.stringify(record))) return;
  await apiRequest(PATH, { method: 'POST', base: 'alt', body: record, keepalive: true });
}

/** Records a page view; a failure is only logged to the console (docs/PRODUCT.md §7). */
export async function trackPageView(path: string, referrer: string): Promise<void> {
  try {
    await sendPageView(await pageViewRecord(path, referrer));
  } catch (error) {
    console.warn('Page view not recorded:', error);
  }
}
