import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PasswordResetsTable, TrustedDevicesTable } from '../modules/auth/auth.table.js';

/**
 * Column conventions on both dialects (docs/decisions/003-portable-columns.md):
 * ids are UUIDv7 text, timestamps are epoch milliseconds in a bigint column,
 * booleans are integers 0/1, money is integer paise.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  role: 'candidate' | 'editor' | 'admin';
  phone: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  target_exam: string | null;
  education: string | null;
  date_of_birth: string | null;
  gender: 'female' | 'male' | 'other' | 'prefer_not_to_say' | null;
  preferred_language: 'en' | 'hi';
  token_version: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface LoginAttemptsTable {
  id: string;
  email: string;
  ip: string;
  attempted_at: number;
  /** The trusted device the attempt was made from; null for an untrusted client. */
  device_id: string | null;
}

export interface BlogsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  content_html: string;
  cover_image_url: string | null;
  author_name: string;
  author_id: string | null;
  /** JSON array of lower-case tags. */
  tags: string;
  status: 'draft' | 'published';
  published_at: number | null;
  reading_minutes: number;
  created_at: number;
  updated_at: number;
}

export interface TopicsTable {
  id: string;
  slug: string;
  title: string;
  summary: string;
  content: string;
  content_html: string;
  category: string;
  /** JSON array of lower-case tags; topic_tags holds the same tags for filtering. */
  tags: string;
  difficulty: 'Beginner' | 'Intermediate' | 'Advanced';
  sort_order: number;
  status: 'draft' | 'published';
  published_at: number | null;
  reading_minutes: number;
  /** Lower-cased title, summary and content text, for case-insensitive search on both dialects. */
  search_text: string;
  created_at: number;
  updated_at: number;
}

export interface TopicTagsTable {
  topic_id: string;
  tag: string;
}

/** Named counters shared by every server process, such as the version of the published content. */
export interface AppCountersTable {
  name: string;
  value: number;
}

export interface QuestionCategoriesTable {
  id: string;
  parent_id: string | null;
  name: string;
  /** The whole path from the root, `/`-separated (`SSC/Quant/Percentages`); unique. */
  path: string;
  created_at: number;
}

export interface QuestionsTable {
  id: string;
  type: 'single' | 'multiple' | 'truefalse';
  title: string | null;
  stem: string;
  stem_html: string;
  explanation: string | null;
  explanation_html: string | null;
  difficulty: 'easy' | 'medium' | 'hard';
  marks: number;
  negative_marks: number;
  category_id: string | null;
  topic_id: string | null;
  /** JSON array of lower-case tags; question_tags holds the same for filtering. */
  tags: string;
  language: 'en' | 'hi';
  source: 'manual' | 'import';
  source_format: string | null;
  source_file: string | null;
  id_number: string | null;
  shuffle_options: number;
  /** SHA-256 of the question's type, stem and options: the same question is stored once. */
  content_hash: string;
  /** Lower-cased title, stem and options, for case-insensitive search on both dialects. */
  search_text: string;
  status: 'draft' | 'published';
  author_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface QuestionOptionsTable {
  question_id: string;
  position: number;
  text: string;
  text_html: string;
  /** Moodle's grade fraction, -1 to 1; an option with a positive fraction is correct. */
  fraction: number;
  feedback: string | null;
  feedback_html: string | null;
}

export interface QuestionTagsTable {
  question_id: string;
  tag: string;
}

/** An image stored by the server; its key is derived from its bytes, so it is stored once. */
export interface MediaTable {
  key: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  bytes: number;
  width: number | null;
  height: number | null;
  data: Buffer;
  created_by: string | null;
  created_at: number;
}

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

/** A reverse-geocoding answer by rounded coordinates (`12.935,77.624`); found is 0 when there was no address. */
export interface GeoCacheTable {
  key: string;
  suburb: string | null;
  city: string | null;
  postcode: string | null;
  found: number;
  fetched_at: number;
}

/**
 * One page view as recorded, kept for the retention period (TRACKING_RETENTION_DAYS) and then
 * rolled into page_view_stats and deleted. Booleans are 0/1; `day` is the UTC calendar day.
 */
export interface PageViewsTable {
  id: string;
  created_at: number;
  day: string;
  path: string;
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

export interface Database {
  users: UsersTable;
  login_attempts: LoginAttemptsTable;
  trusted_devices: TrustedDevicesTable;
  password_resets: PasswordResetsTable;
  blogs: BlogsTable;
  topics: TopicsTable;
  topic_tags: TopicTagsTable;
  app_counters: AppCountersTable;
  question_categories: QuestionCategoriesTable;
  questions: QuestionsTable;
  question_options: QuestionOptionsTable;
  question_tags: QuestionTagsTable;
  media: MediaTable;
  ads: AdsTable;
  ad_targets: AdTargetsTable;
  ad_stats: AdStatsTable;
  geo_cache: GeoCacheTable;
  page_views: PageViewsTable;
  page_view_stats: PageViewStatsTable;
}

export type AdRow = Selectable<AdsTable>;
export type BlogRow = Selectable<BlogsTable>;
export type TopicRow = Selectable<TopicsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;

export type NewPageViewRow = Insertable<PageViewsTable>;
