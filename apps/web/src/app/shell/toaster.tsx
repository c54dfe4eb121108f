import { APP } from '@abhyas/contracts';
import { Toaster as Sonner } from 'sonner';
import { t } from '@/i18n/i18n';

/** The toast area: top-right, each toast closing after 3000 ms (docs/PRODUCT.md §3, §7). */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      duration={APP.toastDurationMs}
      theme="system"
      richColors
      containerAriaLabel={t('shell.notifications')}
    />
  );
}
