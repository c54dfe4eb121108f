import type { Generated, Selectable } from 'kysely';

/** An advertisement; national (0/1) ads show everywhere, others where ad_targets says. */
export interface AdsTable {
  id: string;
  title: string;
  image_url: string;
  target_url: string;
  national: number;
  weight: number;
  starts_at: number | null;
  ends_at: number | null;
  active: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A PIN code (6 digits) or PIN prefix (1 to 5 digits) an ad targets. */
export interface AdTargetsTable {
  value: string;
  ad_id: string;
}

/** An ad's impressions and clicks on one UTC day (YYYY-MM-DD). */
export interface AdStatsTable {
  ad_id: string;
  day: string;
  impressions: Generated<number>;
  clicks: Generated<number>;
}

export type AdRow = Selectable<AdsTable>;
