import { LANGUAGES, profileResponseSchema, type Language } from '@abhyas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getLocale, setLocale, subscribeLocale } from '@/i18n/i18n';
import { apiRequest } from './api-client';
import { readCookie, writeCookie } from './cookies';
import { currentUserKey, useCurrentUser } from './current-user';
import { useAuthToken } from './use-auth-token';

/**
 * The browser's language choice: a cookie, so the server writes a Hindi reader's first page (its
 * `lang`, title and description) in Hindi too. Signed in, the account's `preferredLanguage` decides.
 */
export const LANGUAGE_COOKIE = 'lang';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/**
 * The language the app starts in: the one chosen in this browser, else Hindi for a browser set to
 * Hindi first, else English.
 */
export function startLanguage(): Language {
  const chosen = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  const first = typeof navigator === 'undefined' ? undefined : (navigator.languages[0] ?? navigator.language);
  return first?.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}

/** Shows the app in `language` and remembers it in this browser. */
export async function showLanguage(language: Language): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, language, { maxAgeSeconds: YEAR_SECONDS });
  await setLocale(language);
}

/** The language the app is shown in, re-rendering when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}

/**
 * Switches the app's language; signed in, the account keeps it as its `preferredLanguage`, so the
 * next sign-in, on any device, and the mail it is sent, speak it too.
 */
export function useChooseLanguage(): (language: Language) => Promise<void> {
  const queryClient = useQueryClient();
  const signedIn = useAuthToken() !== null;
  return useCallback(
    async (language: Language) => {
      await showLanguage(language);
      if (!signedIn) return;
      try {
        const saved = await apiRequest('users/profile/update', { method: 'PUT', body: { preferredLanguage: language }, schema: profileResponseSchema });
        queryClient.setQueryData(currentUserKey, saved);
      } catch {
        // The page is in the chosen language already; the account keeps its earlier choice until the next switch.
      }
    },
    [queryClient, signedIn],
  );
}

/** Follows the signed-in account's language whenever its profile loads or changes. */
export function useAccountLanguage(): void {
  const preferred = useCurrentUser().data?.user.preferredLanguage;
  useEffect(() => {
    if (isLanguage(preferred) && preferred !== getLocale()) void showLanguage(preferred);
  }, [preferred]);
}
