import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';

/** Shown while a page's code is downloading. */
export function PageFallback() {
  return (
    <div role="status" aria-label={t('shell.pageLoading')} className="grid min-h-[50vh] place-items-center">
      <Spinner className="size-8" />
    </div>
  );
}
