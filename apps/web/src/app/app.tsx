import { useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router/dom';
import { getLocale, subscribeLocale } from '@/i18n/i18n';
import { AppProvider } from './provider';
import { router } from './router';

/** The whole app; re-rendered from the root when the UI language changes. */
export function App() {
  const locale = useSyncExternalStore(subscribeLocale, getLocale, getLocale);
  return (
    <AppProvider>
      <RouterProvider key={locale} router={router} />
    </AppProvider>
  );
}
