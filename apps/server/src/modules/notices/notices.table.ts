import type { Selectable } from 'kysely';

/** What the platform told one person about their own results and reports. */
export interface NoticesTable {
  id: string;
  user_id: string;
  kind: 'score_changed' | 'challenge_answered' | 'report_answered';
  /** JSON: the facts the notice's sentence needs. */
  params: string;
  link: string | null;
  created_at: number;
  read_at: number | null;
}

export type NoticeRow = Selectable<NoticesTable>;
