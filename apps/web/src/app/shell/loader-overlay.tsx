import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { useShellStore } from '@/stores/shell-store';

/** The global loader overlay (docs/PRODUCT.md §3), shown while `useShellStore().loading` is true. */
export function LoaderOverlay() {
  const loading = useShellStore((state) => state.loading);
  if (!loading) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={t('shell.loading')}
      className="fixed inset-0 z-50 grid place-items-center bg-slate-950/40"
    >
      <div className="flex items-center gap-3 rounded-2xl bg-white px-5 py-4 font-semibold text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100">
        <Spinner className="size-7" />
        {t('shell.loading')}
      </div>
    </div>
  );
}
