import { join } from 'node:path';
import { adInputSchema, type AdInput } from '@abhyas/contracts';
import type { Db } from '../db/index.js';
import type { Clock } from '../lib/clock.js';
import { adWithTitleExists, createAd } from '../modules/ads/ads.service.js';
import { DEMO_CONTENT_DIR } from './content.js';
import { storeDemoImage } from './media.js';

/**
 * The demo ads: one national, one for a PIN code (Koramangala, Bengaluru 560034, the demo
 * candidate's) and one for a PIN prefix (110, Delhi). Each links to a page of this site;
 * their banners are in content/ads (drawn by scripts/make-ad-images.mjs).
 */
export const DEMO_ADS: (Omit<AdInput, 'imageUrl'> & { image: string })[] = [
  { title: 'Practise 200+ exam MCQs free', image: 'practice-free.webp', targetUrl: '/practice', targeting: { national: true }, weight: 1 },
  {
    title: 'Koramangala: free SSC CGL mock test this Sunday',
    image: 'koramangala-mock.webp',
    targetUrl: '/blogs/how-to-analyse-a-mock-test',
    targeting: { national: false, pincodes: ['560034'] },
    weight: 1,
  },
  { title: 'UPSC prelims notes for Delhi aspirants', image: 'delhi-upsc.webp', targetUrl: '/topics?category=UPSC', targeting: { national: false, prefixes: ['110'] }, weight: 1 },
];

/** Creates the demo ads that are not there yet (matched by title), storing their banners as media. */
export async function seedDemoAds(db: Db, clock: Clock, dir = DEMO_CONTENT_DIR): Promise<number> {
  const deps = { db, clock };
  let created = 0;
  for (const { image, ...demo } of DEMO_ADS) {
    if (await adWithTitleExists(deps, demo.title)) continue;
    const imageUrl = await storeDemoImage(deps, join(dir, 'ads', image), `content/ads/${image}`);
    await createAd(deps, adInputSchema.parse({ ...demo, imageUrl }), null);
    created += 1;
  }
  return created;
}
