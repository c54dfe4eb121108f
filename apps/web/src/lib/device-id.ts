import { DEVICE_HEADER } from '@abhyas/contracts';

const DEVICE_ID_KEY = 'abhyasDeviceId';
let unsavedDeviceId: string | null = null;

function randomId(): string {
  // getRandomValues, unlike randomUUID, also works on a plain-http address (a coaching centre's LAN).
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The random id this browser works on timed attempts under: the server lets one device write to an
 * attempt at a time. Kept in localStorage; where storage is refused it lasts as long as the page.
 */
export function deviceId(): string {
  try {
    const stored = window.localStorage.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
    const id = unsavedDeviceId ?? randomId();
    window.localStorage.setItem(DEVICE_ID_KEY, id);
    return id;
  } catch {
    unsavedDeviceId ??= randomId();
    return unsavedDeviceId;
  }
}

/** The header naming this device, for the attempt calls. */
export function deviceHeaders(): Record<string, string> {
  return { [DEVICE_HEADER]: deviceId() };
}
