import type { Generated, Selectable } from 'kysely';

/** A candidate's challenge of a submitted attempt's question, or anyone's report of a problem with a question. */
export interface QuestionFlagsTable {
  id: string;
  kind: 'challenge' | 'report';
  user_id: string;
  question_id: string;
  /** The version the author saw. */
  question_version: number;
  attempt_id: string | null;
  test_id: string | null;
  /** The question's number in that attempt. */
  question_number: number | null;
  reason: 'wrong_key' | 'multiple_correct' | 'no_correct' | 'error_in_question' | 'other';
  comment: string | null;
  created_at: number;
  status: Generated<'open' | 'resolved'>;
  resolution: 'kept' | 'changed' | 'accepted' | 'dropped' | 'bonus' | 'fixed' | 'dismissed' | null;
  reply: string | null;
  resolved_by: string | null;
  resolved_at: number | null;
}

export type FlagRow = Selectable<QuestionFlagsTable>;
