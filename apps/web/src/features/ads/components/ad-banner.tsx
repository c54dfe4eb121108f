import type { Ad } from '@abhyas/contracts';
import { AD_IMAGE_SIZE } from '@abhyas/contracts';
import { cx } from '@/components/ui/cx';
import { t } from '@/i18n/i18n';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/**
 * An ad as candidates see it: labelled as an advertisement, its image linking to the advertiser.
 * The image's title is its text alternative; links off the site open in a new tab and say so.
 */
export function AdBanner({ ad, onClick, className }: { ad: Pick<Ad, 'title' | 'imageUrl' | 'targetUrl'>; onClick?: () => void; className?: string }) {
  const external = isExternal(ad.targetUrl);
  return (
    <aside aria-label={t('ads.label')} className={cx('flex flex-col gap-1.5', className)}>
      <p aria-hidden="true" className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {t('ads.label')}
      </p>
      <a
        href={ad.targetUrl}
        onClick={onClick}
        {...(external ? { target: '_blank', rel: 'sponsored noopener noreferrer' } : { rel: 'sponsored' })}
        className="block overflow-hidden rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-800"
      >
        <img src={ad.imageUrl} alt={ad.title} width={AD_IMAGE_SIZE.width} height={AD_IMAGE_SIZE.height} decoding="async" className="block aspect-[4/1] h-auto w-full bg-slate-100 object-cover dark:bg-slate-800" />
        {external && <span className="sr-only">{t('ads.opensInNewTab')}</span>}
      </a>
    </aside>
  );
}
