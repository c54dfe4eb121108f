import { APP } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';

/** Site footer: what the name means, version, copyright and the attribution the place names need. */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-slate-400">
        <p>{t('footer.tagline')}</p>
        <p>
          {t('footer.copyright', { year: new Date().getFullYear() })} · {t('footer.version', { version: APP.version })} · {t('footer.places')}{' '}
          <a href="https://www.openstreetmap.org/copyright" className="underline underline-offset-2 hover:text-slate-900 dark:hover:text-white">
            {t('footer.osm')}
          </a>
        </p>
      </div>
    </footer>
  );
}
