import type { Ad, AdminAd, AdState } from '@abhyas/contracts';
import type { AdRow } from './ads.table.js';
import { toIso } from '../../lib/clock.js';
import type { PublicAdRow } from './ads.repo.js';

/** Six digits are a PIN code; fewer are a PIN prefix. */
export const isPincode = (value: string) => value.length === 6;

export function toAdDto(row: PublicAdRow): Ad {
  return { id: row.id, title: row.title, imageUrl: row.image_url, targetUrl: row.target_url, weight: row.weight };
}

/** Whether candidates see the ad at `now`, and if not, why. */
export function adState(row: Pick<AdRow, 'active' | 'starts_at' | 'ends_at'>, now: number): AdState {
  if (row.active !== 1) return 'paused';
  if (row.ends_at !== null && row.ends_at <= now) return 'ended';
  if (row.starts_at !== null && row.starts_at > now) return 'scheduled';
  return 'live';
}

export function toAdminAdDto(row: AdRow, targets: string[], totals: { impressions: number; clicks: number } | undefined, now: number): AdminAd {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    targetUrl: row.target_url,
    targeting: { national: row.national === 1, pincodes: targets.filter(isPincode), prefixes: targets.filter((v) => !isPincode(v)) },
    weight: row.weight,
    startsAt: row.starts_at === null ? null : toIso(row.starts_at),
    endsAt: row.ends_at === null ? null : toIso(row.ends_at),
    active: row.active === 1,
    state: adState(row, now),
    impressions: totals?.impressions ?? 0,
    clicks: totals?.clicks ?? 0,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
