import { APP } from '@abhyas/contracts';

const listeners = new Set<() => void>();

// localStorage can throw (private mode, storage disabled); a missing token then simply means "signed out".
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the session lasts until the page is closed.
  }
  for (const listener of listeners) listener();
}

/** The stored bearer token, or null when signed out. */
export function getAuthToken(): string | null {
  return read(APP.authTokenKey);
}

/** Stores the bearer token returned by sign-in, registration or a password change. */
export function setAuthToken(token: string): void {
  write(APP.authTokenKey, token);
}

/** Forgets the bearer token (sign-out, or the API answered 401). */
export function clearAuthToken(): void {
  write(APP.authTokenKey, null);
}

/**
 * The signed-in user's id as the stored token names it (its subject), or null when signed out or the
 * token cannot be read. Only a key for what this device keeps per user: the server never trusts it.
 */
export function storedUserId(): string | null {
  const payload = getAuthToken()?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null && 'sub' in claims && typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

/** Calls `listener` whenever the token changes, in this tab or another one. */
export function subscribeAuthToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === APP.authTokenKey) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const VISITOR_ID_KEY = 'visitorId';
let unsavedVisitorId: string | null = null;

/**
 * The random id this browser's page views are counted under (docs/PRODUCT.md §5.4: visitorId), made on
 * first use. Where storage is refused it lasts as long as the page.
 */
export function ensureVisitorId(): string {
  const stored = read(VISITOR_ID_KEY);
  if (stored) return stored;
  // getRandomValues, unlike randomUUID, also works on a plain-http address (a coaching centre's LAN).
  const id = unsavedVisitorId ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    window.localStorage.setItem(VISITOR_ID_KEY, id);
  } catch {
    unsavedVisitorId = id;
  }
  return id;
}
