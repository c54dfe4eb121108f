import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adInputSchema, type AdInput } from '@abhyas/contracts';
import type { Clock } from '../../lib/clock.js';
import { adIdByTitle } from '../../modules/ads/ads.repo.js';
import { createAd } from '../../modules/ads/ads.service.js';
import { inspectImage } from '../../modules/media/image.js';
import { storeImages } from '../../modules/media/media.repo.js';
import type { Db } from '../index.js';
import { DEMO_CONTENT_DIR } from './content.js';

/**
 * The demo ads: one national, one for a PIN code (Koramangala, Bengaluru 560034, the demo
 * candidate's) and one for a PIN prefix (110, Delhi). Each links to demo content on this site;
 * their banners are in content/ads (drawn by scripts/make-ad-images.mjs).
 */
export const DEMO_ADS: (Omit<AdInput, 'imageUrl'> & { image: string })[] = [
  { title: 'Practise 200+ exam MCQs free', image: 'practice-free.webp', targetUrl: '/topics', targeting: { national: true }, weight: 1 },
  {
    title: 'Koramangala: free SSC CGL mock test this Sunday',
    image: 'koramangala-mock.webp',
    targetUrl: '/blogs/how-to-analyse-a-mock-test',
    targeting: { national: false, pincodes: ['560034'] },
    weight: 1,
  },
  { title: 'UPSC prelims notes for Delhi aspirants', image: 'delhi-upsc.webp', targetUrl: '/topics?category=UPSC', targeting: { national: false, prefixes: ['110'] }, weight: 1 },
];

const IMAGE_MAX_BYTES = 512 * 1024;

/** Creates the demo ads that are not there yet (matched by title), storing their banners as media. */
export async function seedDemoAds(db: Db, clock: Clock, dir = DEMO_CONTENT_DIR): Promise<number> {
  let created = 0;
  for (const { image, ...demo } of DEMO_ADS) {
    if (await adIdByTitle(db, demo.title)) continue;
    const check = inspectImage(readFileSync(join(dir, 'ads', image)), IMAGE_MAX_BYTES);
    if (!check.ok) throw new Error(`content/ads/${image}: ${check.message}`);
    await storeImages(db, [check.image], null, clock.now());
    await createAd({ db, clock }, adInputSchema.parse({ ...demo, imageUrl: check.image.url }), null);
    created += 1;
  }
  return created;
}
