import type { LoginAttemptsTable, PasswordResetsTable, TrustedDevicesTable } from '../modules/auth/auth.table.js';
import type { AdStatsTable, AdTargetsTable, AdsTable } from '../modules/ads/ads.table.js';
import type { BlogsTable } from '../modules/blogs/blogs.table.js';
import type { GeoCacheTable } from '../modules/geo/geo.table.js';
import type { MediaTable } from '../modules/media/media.table.js';
import type { QuestionFlagsTable } from '../modules/challenges/challenges.table.js';
import type { NoticesTable } from '../modules/notices/notices.table.js';
import type { QuestionCategoriesTable, QuestionImportsTable, QuestionOptionsTable, QuestionKeyDecisionsTable, QuestionTagsTable, QuestionVersionsTable, QuestionsTable } from '../modules/questions/questions.table.js';
import type { TopicTagsTable, TopicsTable } from '../modules/topics/topics.table.js';
import type { PageViewStatsTable, PageViewsTable } from '../modules/tracking/tracking.table.js';
import type { UsersTable } from '../modules/users/users.table.js';
import type { AttemptAnswersTable, AttemptQuestionsTable, AttemptsTable, TestQuestionStatsTable } from '../modules/attempts/attempts.table.js';
import type { BookmarksTable, ReviewCardsTable } from '../modules/practice/practice.table.js';
import type { TestSectionQuestionsTable, TestSectionRulesTable, TestSectionsTable, TestsTable } from '../modules/papers/papers.table.js';
import type { ContestEntriesTable, ContestRatingsTable, ContestsTable } from '../modules/contests/contests.table.js';
import type { PaymentEventsTable, PaymentOrdersTable, TestGatewayOrdersTable, TestGatewayPaymentsTable } from '../modules/payments/payments.table.js';
import type { AuditEventsTable } from '../modules/audit/audit.table.js';
import type { AppCountersTable } from './counters.table.js';

/**
 * Every table the queries may name, each typed beside the module that owns it (docs/decisions/011).
 * Column conventions on both dialects (docs/decisions/003-portable-timestamps-and-booleans.md):
 * ids are UUIDv7 text, timestamps are epoch milliseconds in a bigint column,
 * booleans are integers 0/1, money is integer paise.
 */
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
  question_versions: QuestionVersionsTable;
  question_key_decisions: QuestionKeyDecisionsTable;
  question_flags: QuestionFlagsTable;
  notices: NoticesTable;
  question_tags: QuestionTagsTable;
  question_imports: QuestionImportsTable;
  media: MediaTable;
  ads: AdsTable;
  ad_targets: AdTargetsTable;
  ad_stats: AdStatsTable;
  geo_cache: GeoCacheTable;
  page_views: PageViewsTable;
  page_view_stats: PageViewStatsTable;
  tests: TestsTable;
  test_sections: TestSectionsTable;
  test_section_questions: TestSectionQuestionsTable;
  test_section_rules: TestSectionRulesTable;
  attempts: AttemptsTable;
  attempt_questions: AttemptQuestionsTable;
  attempt_answers: AttemptAnswersTable;
  test_question_stats: TestQuestionStatsTable;
  review_cards: ReviewCardsTable;
  bookmarks: BookmarksTable;
  contests: ContestsTable;
  contest_entries: ContestEntriesTable;
  contest_ratings: ContestRatingsTable;
  payment_orders: PaymentOrdersTable;
  payment_events: PaymentEventsTable;
  test_gateway_orders: TestGatewayOrdersTable;
  test_gateway_payments: TestGatewayPaymentsTable;
  audit_events: AuditEventsTable;
}
