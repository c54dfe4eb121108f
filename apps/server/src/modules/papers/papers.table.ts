import type { Generated, Selectable } from 'kysely';

export interface TestsTable {
  id: string;
  slug: string;
  title: string;
  description: string;
  instructions: string;
  instructions_html: string;
  exam: string | null;
  /** JSON array of the languages the test is offered in (en, hi), its first the default. */
  languages: Generated<string>;
  duration_minutes: number;
  shuffle_questions: number;
  shuffle_options: number;
  /** Attempts a candidate may start; null for no limit. */
  attempts_allowed: number | null;
  /** 1 when "answered and marked for review" is marked (the NTA rule). */
  marked_answered_counts: number;
  reveal_mode: 'submission' | 'date';
  reveal_at: number | null;
  /** Set by the contests running the test: no key of its questions is shown before (their end). */
  key_sealed_until: Generated<number | null>;
  grace_seconds: number;
  /** A mock test candidates start when they like, or a contest's paper (never listed or started on its own). */
  kind: Generated<'mock' | 'contest'>;
  /** Archived: deleted after candidates attempted it, kept for their attempts and results. */
  status: 'draft' | 'published' | 'archived';
  author_id: string | null;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  /** The declared cut-off score, if any: results are set beside it. */
  cut_off: number | null;
}

export interface TestSectionsTable {
  id: string;
  test_id: string;
  position: number;
  title: string;
  marks: number;
  negative_marks: number;
  /** Set on every section or on none; when set, sections are locked and taken in order. */
  time_limit_minutes: number | null;
  /** The section's declared cut-off score, if any. */
  cut_off: number | null;
  /** Set when the section is in this one language only (en, hi): its questions need that language's text alone. */
  language: 'en' | 'hi' | null;
}

/** A section's fixed list of questions. */
export interface TestSectionQuestionsTable {
  section_id: string;
  position: number;
  question_id: string;
}

/** A section's blueprint: `count` published questions drawn per candidate, matching every filter set. */
export interface TestSectionRulesTable {
  section_id: string;
  position: number;
  category_path: string | null;
  topic_slug: string | null;
  difficulty: 'easy' | 'medium' | 'hard' | null;
  count: number;
}

export type TestRow = Selectable<TestsTable>;
export type TestSectionRow = Selectable<TestSectionsTable>;
