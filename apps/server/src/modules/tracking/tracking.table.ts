import type { Insertable } from 'kysely';

/**
 * One page view as recorded, kept for the retention period (TRACKING_RETENTION_DAYS) and then
 * rolled into page_view_stats and deleted. Booleans are 0/1; `day` is the UTC calendar day.
 */
export interface PageViewsTable {
  id: string;
  created_at: number;
  day: string;
  /** The page's path; null when the record came without one and no page of this site referred it. */
  path: string | null;
  /** The referring site's host, `Direct` for none, null for a navigation inside the site. */
  referrer: string | null;
  visitor_id: string | null;
  ip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  org: string | null;
  is_vpn: number | null;
  os_name: string | null;
  os_version: string | null;
  device_type: string | null;
  device_model: string | null;
  device_vendor: string | null;
  cpu_architecture: string | null;
  gpu_vendor: string | null;
  gpu_renderer: string | null;
  hardware_cores: number | null;
  device_memory: number | null;
  is_touch_device: number | null;
  browser_name: string | null;
  browser_version: string | null;
  user_agent: string | null;
  platform: string | null;
  screen_resolution: string | null;
  language: string | null;
  timezone: string | null;
  network_type: string | null;
  is_wifi: number | null;
  battery_level: number | null;
  is_charging: number | null;
}

/**
 * Daily aggregates: page views and distinct visitors per day for each value of a dimension
 * (`total` with value '', `page`, `referrer`, `country`, `city`, `device`, `browser`, `os`), and the
 * anonymous page-view count (`anonymous`, value '', visitors 0). '' stands for an unknown value.
 */
export interface PageViewStatsTable {
  dimension: string;
  day: string;
  value: string;
  views: number;
  visitors: number;
}

export type NewPageViewRow = Insertable<PageViewsTable>;
