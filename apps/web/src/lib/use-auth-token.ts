import { useSyncExternalStore } from 'react';
import { getAuthToken, subscribeAuthToken } from './storage';

/** The current bearer token, re-rendering when it is set or cleared (also from another tab). */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeAuthToken, getAuthToken, () => null);
}
