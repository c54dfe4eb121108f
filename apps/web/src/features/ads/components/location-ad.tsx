import type { Ad } from '@abhyas/contracts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useAdsByLocation } from '../api/get-ads-by-location';
import { recordAdEvent } from '../api/record-ad-event';
import { pickAd } from '../utils/pick-ad';
import { AdBanner } from './ad-banner';

/** Reports one impression once at least half of the banner has been on screen. */
function useImpression(ad: Ad, element: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    if (typeof IntersectionObserver === 'undefined') {
      recordAdEvent(ad.id, 'impression');
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          recordAdEvent(ad.id, 'impression');
          observer.disconnect();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ad.id, element]);
}

function ShownAd({ ad, className }: { ad: Ad; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useImpression(ad, ref);
  return (
    <div ref={ref} className={className}>
      <AdBanner ad={ad} onClick={() => recordAdEvent(ad.id, 'click')} />
    </div>
  );
}

/** The banner for a PIN code (national for null): one of its ads, picked at random by weight; nothing without ads. */
export function LocationAd({ pincode, className }: { pincode: string | null | undefined; className?: string }) {
  const ads = useAdsByLocation(pincode);
  // One draw per page view, kept while the list stays the same.
  const [draw] = useState(() => Math.random());
  const ad = ads.data ? pickAd(ads.data, draw) : undefined;
  if (!ad) return null;
  return <ShownAd key={ad.id} ad={ad} className={className} />;
}
