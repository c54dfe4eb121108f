import { APP } from '@abhyas/contracts';
import { useEffect } from 'react';
import * as sonner from 'sonner';
import { t } from '@/i18n/i18n';
import { toastAreaReady } from '@/lib/toast';

/** The app's own type, Devanagari face first, in place of the system fonts sonner sets: a Hindi toast reads as the page does. */
const APP_TYPE = { fontFamily: 'var(--font-sans)' };

/** The toast area: top-right, each toast closing after 3000 ms (docs/PRODUCT.md §3, §7). Loaded with the first toast. */
export default function ToastArea() {
  // Runs after sonner's own list has subscribed (a child's effects run first): no waiting toast is lost.
  useEffect(() => toastAreaReady(sonner), []);
  return <sonner.Toaster style={APP_TYPE} position="top-right" duration={APP.toastDurationMs} theme="system" richColors containerAriaLabel={t('shell.notifications')} />;
}
