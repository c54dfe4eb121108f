import type { Generated } from 'kysely';

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
  /** How a multiple-answer question is marked; always 'partial' for single-answer and true/false. */
  marking: 'partial' | 'all_or_nothing';
  category_id: string | null;
  topic_id: string | null;
  /** JSON array of lower-case tags; question_tags holds the same for filtering. */
  tags: string;
  /** The language of stem, explanation and options. */
  language: QuestionLanguage;
  /** JSON StoredTranslation: the same texts in the other language; null for a question in one language. */
  translation: string | null;
  /** JSON MultilangStyle: the multi-language markup an imported question came in; null for Abhyas's own. */
  multilang: string | null;
  source: 'manual' | 'import';
  source_format: string | null;
  source_file: string | null;
  id_number: string | null;
  shuffle_options: number;
  /** SHA-256 of the question's type, stem and options, in both languages: the same question is stored once. */
  content_hash: string;
  /** Lower-cased and composed (NFC) title, stem and options in both languages, for search on both dialects. */
  search_text: string;
  /** Archived: deleted by an editor after attempts used it, kept for them and out of everything new. */
  status: 'draft' | 'published' | 'archived';
  /** The current version: what new attempts, practice and draws take (question_versions). */
  version: Generated<number>;
  author_id: string | null;
  created_at: number;
  updated_at: number;
  /** The import that wrote the question; while that import is in question_imports, the question is hidden. */
  import_id: string | null;
}

/** An import writing its questions ('running') or given up ('failed', its questions being removed); published imports have no row. */
export interface QuestionImportsTable {
  id: string;
  state: 'running' | 'failed';
  started_at: number;
  /** Renewed with every chunk written: a running import whose heartbeat stops is abandoned. */
  heartbeat_at: number;
}

/**
 * Every version of a question: what a candidate is shown and marked by. The current one mirrors the
 * question's own columns and options; an edit of a version an attempt has taken writes the next.
 */
export interface QuestionVersionsTable {
  question_id: string;
  version: number;
  type: QuestionsTable['type'];
  marking: QuestionsTable['marking'];
  /** The language of the version's own texts (stem, explanation, options). */
  language: QuestionLanguage;
  stem: string;
  stem_html: string;
  explanation: string | null;
  explanation_html: string | null;
  marks: number;
  negative_marks: number;
  /** JSON array in bank order of VersionOption. */
  options: string;
  /** JSON StoredTranslation of the version's texts in the question's other language; null for none. */
  translation: string | null;
  created_by: string | null;
  created_at: number;
  /** When an attempt or practice session first took this version; null while none has. */
  first_used_at: number | null;
}

export type VersionOption = { text: string; html: string; fraction: number; feedback: string | null; feedbackHtml: string | null };

export type QuestionLanguage = 'en' | 'hi';

/** A question's texts in its second language, rendered; options in bank order, as many as the question's. */
export type StoredTranslation = {
  language: QuestionLanguage;
  stem: string;
  stemHtml: string;
  explanation: string | null;
  explanationHtml: string | null;
  options: { text: string; html: string; feedback: string | null; feedbackHtml: string | null }[];
};

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

/**
 * A decision on the key of one version of a question, for one test or (test_id null) every test and
 * practice session that used it; the latest that applies to an attempt is the key it is marked by.
 */
export interface QuestionKeyDecisionsTable {
  id: string;
  question_id: string;
  version: number;
  test_id: string | null;
  action: 'keep' | 'change' | 'accept' | 'drop' | 'bonus';
  /** JSON array of grade fractions in bank order, for change and accept; null otherwise. */
  fractions: string | null;
  note: string;
  decided_by: string | null;
  decided_at: number;
}
