import { t } from '@/i18n/i18n';

/**
 * An upload's progress bar with its percentage; a native <progress>, named for screen readers by
 * `name` ("Upload progress"), with `label` saying what is being sent.
 */
export function UploadProgress({ fraction, label, name }: { fraction: number; label: string; name: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-3 text-sm font-medium text-slate-700 dark:text-slate-300">
        <span>{label}</span>
        <span aria-hidden="true">{t('form.percent', { percent })}</span>
      </div>
      <progress
        aria-label={name}
        value={percent}
        max={100}
        className="h-2.5 w-full overflow-hidden rounded-full accent-indigo-600 [&::-moz-progress-bar]:bg-indigo-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600 dark:[&::-webkit-progress-bar]:bg-slate-800"
      />
    </div>
  );
}
