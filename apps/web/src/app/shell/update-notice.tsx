import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { applyAppUpdate, getAppUpdate, subscribeAppUpdate } from '@/lib/app-update';

/**
 * "A new version is ready", at the foot of every page but the exam screen, whose attempt keeps the
 * version it began with (docs/decisions/022): the candidate reloads when it suits them.
 */
export function UpdateNotice() {
  const update = useSyncExternalStore(subscribeAppUpdate, getAppUpdate, getAppUpdate);
  const [dismissed, setDismissed] = useState(false);
  if (update === 'none' || dismissed) return null;
  return (
    <div role="status" className="fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 sm:p-4">
      <div className="flex w-full max-w-lg flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-indigo-300 bg-white px-4 py-3 text-sm shadow-lg dark:border-indigo-800 dark:bg-slate-900">
        <p className="min-w-0 flex-1 basis-56">{update === 'examOpen' ? t('shell.update.examOpen') : t('shell.update.ready')}</p>
        <div className="flex gap-2">
          <Button variant="ghost" onClick={() => setDismissed(true)}>
            {t('shell.update.later')}
          </Button>
          <Button onClick={() => void applyAppUpdate()}>{t('shell.update.reload')}</Button>
        </div>
      </div>
    </div>
  );
}
