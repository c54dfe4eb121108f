import type { Generated, Selectable } from 'kysely';

/** One candidate working through a fixed list of questions: a timed test or a practice session. */
export interface AttemptsTable {
  id: string;
  user_id: string;
  behaviour: 'practice' | 'timed';
  test_id: string | null;
  source: 'test' | 'bank' | 'mistakes' | 'bookmarks';
  /** What a practice session was asked for, in words. */
  label: Generated<string>;
  attempt_number: Generated<number>;
  /** 1 for a test's first attempt by the candidate: only these are ranked. */
  ranked: Generated<number>;
  status: 'open' | 'submitted';
  /** Seeds the question and option shuffles. */
  seed: string;
  /** JSON: the sections as they stood when the attempt began (title, marks, negative marks, time limit). */
  sections: Generated<string>;
  locked_sections: Generated<number>;
  marked_answered_counts: Generated<number>;
  grace_ms: Generated<number>;
  /** The compensatory time the attempt started with, in extra minutes per hour (0: none): its end and locked sections' windows include it. */
  extra_minutes_per_hour: Generated<number>;
  started_at: number;
  /** Null for untimed practice. */
  ends_at: number | null;
  /** The device allowed to write; another device may take over. */
  device_id: string | null;
  /** Highest client sequence number seen. */
  last_seq: Generated<number>;
  /** JSON AttemptView: the languages the candidate reads the attempt in; null: the test's first for every question. */
  view: Generated<string | null>;
  submitted_at: number | null;
  submitted_by: 'candidate' | 'server' | null;
  score: number | null;
  max_score: number | null;
  correct: number | null;
  wrong: number | null;
  partial: number | null;
  unattempted: number | null;
  time_spent_ms: number | null;
  created_at: number;
}

export interface AttemptQuestionsTable {
  attempt_id: string;
  position: number;
  question_id: string;
  /** The version of the question this attempt was given (question_versions). */
  question_version: Generated<number>;
  section_index: number;
  /** JSON array: the bank positions of the options in the order this candidate sees them. */
  option_order: string;
  marks: number;
  negative_marks: number;
}

export interface AttemptAnswersTable {
  attempt_id: string;
  question_id: string;
  /** JSON array of the bank positions chosen. */
  choice: string;
  marked_for_review: number;
  confidence: 'sure' | 'fifty' | 'guess' | null;
  seq: number;
  saved_at: number;
  time_spent_ms: number;
  /** Written at submission (timed) or when answered (practice). */
  mark: number | null;
  outcome: 'correct' | 'wrong' | 'partial' | 'unattempted' | null;
}

/** Per test and question, over ranked attempts: how many answered it right. */
export interface TestQuestionStatsTable {
  test_id: string;
  question_id: string;
  attempts: number;
  correct: number;
  /** The time those who answered it right spent on it, summed (ms). */
  correct_time_ms: Generated<number>;
}

export type AttemptRow = Selectable<AttemptsTable>;
