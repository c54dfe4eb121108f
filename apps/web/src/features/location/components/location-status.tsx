import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';
import { useLocation } from '../use-location';

/** The location line in the header: a pin and the facility's text, announced when it changes. */
export function LocationStatus({ className }: { className?: string }) {
  const location = useLocation();
  return (
    <p aria-live="polite" data-status={location.status} className={cx('flex min-w-0 items-center gap-1 text-xs text-slate-600 dark:text-slate-400', className)}>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5 shrink-0">
        <path
          fillRule="evenodd"
          d="M9.69 18.93a.75.75 0 0 0 .62 0l.06-.03c.06-.03.14-.08.24-.14a16 16 0 0 0 2.68-2.02C15.05 15.1 17 12.38 17 9A7 7 0 1 0 3 9c0 3.38 1.95 6.1 3.71 7.74a16 16 0 0 0 2.92 2.16l.06.03ZM10 11.25a2.25 2.25 0 1 0 0-4.5 2.25 2.25 0 0 0 0 4.5Z"
          clipRule="evenodd"
        />
      </svg>
      <span className="sr-only">{t('location.label')}</span>
      <span className="truncate">{location.text}</span>
    </p>
  );
}
