import type { Generated, Selectable } from 'kysely';

export interface ContestsTable {
  id: string;
  slug: string;
  title: string;
  icon: string;
  level: 'Advanced' | 'Intermediate' | 'Beginner';
  description: Generated<string>;
  test_id: string;
  starts_at: number;
  ends_at: number;
  duration_minutes: number;
  total_seats: number;
  /** Confirmed entries plus seats held for pending payments; only changed by conditional updates. */
  filled_seats: Generated<number>;
  /** Paise; 0 for free. */
  price_amount: Generated<number>;
  currency: Generated<string>;
  /** JSON array of prizes: { fromRank, toRank, kind, amount, description }. */
  prizes: Generated<string>;
  freeze_minutes: number | null;
  status: 'draft' | 'published' | 'cancelled';
  cancel_reason: string | null;
  cancelled_at: number | null;
  /** Set once, by whichever process computes the final ranks, prizes and ratings. */
  finalized_at: number | null;
  author_id: string | null;
  created_at: number;
  updated_at: number;
}

/** One row per candidate and contest (unique), whatever happens to the entry. */
export interface ContestEntriesTable {
  id: string;
  contest_id: string;
  user_id: string;
  status: 'pending' | 'confirmed' | 'released' | 'refunded';
  /** Pending entries: when the held seat goes back. */
  hold_expires_at: number | null;
  /** When the entry was confirmed. */
  joined_at: number | null;
  attempt_id: string | null;
  final_rank: number | null;
  /** JSON prize, once the results are final. */
  prize: string | null;
  rating_before: number | null;
  rating_after: number | null;
  performance: number | null;
  created_at: number;
  updated_at: number;
}

export interface ContestRatingsTable {
  user_id: string;
  rating: number;
  contests: number;
  updated_at: number;
}

export type ContestRow = Selectable<ContestsTable>;
export type ContestEntryRow = Selectable<ContestEntriesTable>;
