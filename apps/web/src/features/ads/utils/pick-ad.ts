import type { Ad } from '@abhyas/contracts';

/**
 * One ad from the list, chosen at random in proportion to its weight (docs/PRODUCT.md §4: "a random
 * entry"); `random` is a number in [0, 1), such as Math.random() gives. Undefined for no ads.
 */
export function pickAd(ads: readonly Ad[], random: number): Ad | undefined {
  const total = ads.reduce((sum, ad) => sum + Math.max(0, ad.weight), 0);
  if (total <= 0) return ads[Math.floor(random * ads.length)];
  let point = random * total;
  for (const ad of ads) {
    point -= Math.max(0, ad.weight);
    if (point < 0) return ad;
  }
  return ads.at(-1);
}
