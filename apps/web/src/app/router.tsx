import { createBrowserRouter, type RouteObject } from 'react-router';
import { withCatalogues } from '@/i18n/i18n';
import { redirectIfSignedIn, requireSignedIn } from './guards';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { Layout, type RouteHandle } from './shell/layout';
import { PageFallback } from './shell/page-fallback';
import { RouteError } from './shell/route-error';

// The editor's form pages use the wide frame, so the live preview has room beside the text.
const wide: RouteHandle = { wide: true };
const admin: RouteHandle = { noAds: true };
// The exam screen fills the window like the real computer-based test: no ad, no site header or footer.
const examScreen: RouteHandle = { noAds: true, bare: true };

/**
 * Every page. The home page ships in the main bundle; the others load on first visit, with the
 * catalogues of the features they show (those of the routes above them load alongside).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      // In the main bundle, words and all, in English; another language's words for it load first.
      { index: true, lazy: () => withCatalogues(['home'], Promise.resolve({ Component: HomeRoute })) },
      {
        path: 'login',
        loader: redirectIfSignedIn,
        lazy: () => withCatalogues(['auth'], import('@/features/auth/routes/login-page')).then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'register',
        loader: redirectIfSignedIn,
        lazy: () => withCatalogues(['auth'], import('@/features/auth/routes/register-page')).then((m) => ({ Component: m.RegisterPage })),
      },
      { path: 'forgot-password', lazy: () => withCatalogues(['auth'], import('@/features/auth/routes/forgot-password-page')).then((m) => ({ Component: m.ForgotPasswordPage })) },
      {
        // The link's token is in the address: no ad, no third-party request from this page.
        path: 'reset-password',
        handle: { noAds: true } satisfies RouteHandle,
        lazy: () => withCatalogues(['auth'], import('@/features/auth/routes/reset-password-page')).then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: 'profile',
        loader: requireSignedIn,
        lazy: () => withCatalogues(['profile', 'auth', 'contests', 'challenges'], import('./routes/profile')).then((m) => ({ Component: m.ProfileRoute })),
      },
      { path: 'blogs', lazy: () => withCatalogues(['blogs'], import('@/features/blogs/routes/blogs-page')).then((m) => ({ Component: m.BlogsPage })) },
      { path: 'blogs/:slug', lazy: () => withCatalogues(['blogs'], import('@/features/blogs/routes/blog-page')).then((m) => ({ Component: m.BlogPage })) },
      { path: 'topics', lazy: () => withCatalogues(['topics'], import('@/features/topics/routes/topics-page')).then((m) => ({ Component: m.TopicsPage })) },
      { path: 'topics/:slug', lazy: () => withCatalogues(['topics', 'practice'], import('./routes/topic')).then((m) => ({ Component: m.TopicRoute })) },
      { path: 'tests', lazy: () => withCatalogues(['papers'], import('@/features/papers/routes/tests-page')).then((m) => ({ Component: m.TestsPage })) },
      { path: 'tests/:slug', lazy: () => withCatalogues(['papers'], import('@/features/papers/routes/test-page')).then((m) => ({ Component: m.TestPage })) },
      { path: 'contests', lazy: () => withCatalogues(['contests'], import('@/features/contests/routes/contests-page')).then((m) => ({ Component: m.ContestsPage })) },
      { path: 'contests/:slug', lazy: () => withCatalogues(['contests'], import('@/features/contests/routes/contest-page')).then((m) => ({ Component: m.ContestPage })) },
      {
        path: 'attempts/:id',
        handle: examScreen,
        loader: requireSignedIn,
        lazy: () => withCatalogues(['exam'], import('@/features/exam/routes/exam-page')).then((m) => ({ Component: m.ExamPage })),
      },
      {
        path: 'attempts/:id/result',
        loader: requireSignedIn,
        lazy: () => withCatalogues(['exam'], import('@/features/exam/routes/result-page')).then((m) => ({ Component: m.ResultPage })),
      },
      {
        path: 'attempts/:id/review',
        loader: requireSignedIn,
        lazy: () => withCatalogues(['exam', 'challenges'], import('./routes/review')).then((m) => ({ Component: m.ReviewRoute })),
      },
      {
        path: 'me/attempts',
        loader: requireSignedIn,
        lazy: () => withCatalogues(['exam'], import('@/features/exam/routes/history-page')).then((m) => ({ Component: m.HistoryPage })),
      },
      {
        path: 'me/challenges',
        loader: requireSignedIn,
        lazy: () => withCatalogues(['challenges'], import('@/features/challenges/routes/my-challenges-page')).then((m) => ({ Component: m.MyChallengesPage })),
      },
      {
        path: 'notices',
        loader: requireSignedIn,
        lazy: () => withCatalogues(['notices'], import('@/features/notices/routes/notices-page')).then((m) => ({ Component: m.NoticesPage })),
      },
      {
        path: 'practice',
        loader: requireSignedIn,
        lazy: () => withCatalogues(['practice'], import('@/features/practice/routes/practice-page')).then((m) => ({ Component: m.PracticePage })),
      },
      {
        path: 'practice/:id',
        loader: requireSignedIn,
        lazy: () => withCatalogues(['practice', 'challenges'], import('./routes/practice-session')).then((m) => ({ Component: m.PracticeSessionRoute })),
      },
      {
        path: 'admin',
        handle: admin,
        loader: requireSignedIn,
        // The editor frame's words and the media feature's, for the image controls every page below gets.
        lazy: () => withCatalogues(['admin', 'media'], import('./routes/editor')).then((m) => ({ Component: m.EditorRoute })),
        children: [
          { index: true, lazy: () => import('./routes/editor').then((m) => ({ Component: m.EditorIndexRoute })) },
          { path: 'blogs', lazy: () => withCatalogues(['editor'], import('@/features/editor/routes/admin-blogs-page')).then((m) => ({ Component: m.AdminBlogsPage })) },
          { path: 'blogs/new', handle: wide, lazy: () => withCatalogues(['editor'], import('@/features/editor/routes/blog-editor-page')).then((m) => ({ Component: m.BlogEditorPage })) },
          { path: 'blogs/:id/edit', handle: wide, lazy: () => withCatalogues(['editor'], import('@/features/editor/routes/blog-editor-page')).then((m) => ({ Component: m.BlogEditorPage })) },
          { path: 'topics', lazy: () => withCatalogues(['editor'], import('@/features/editor/routes/admin-topics-page')).then((m) => ({ Component: m.AdminTopicsPage })) },
          { path: 'topics/new', handle: wide, lazy: () => withCatalogues(['editor'], import('@/features/editor/routes/topic-editor-page')).then((m) => ({ Component: m.TopicEditorPage })) },
          { path: 'questions', lazy: () => withCatalogues(['question-bank'], import('@/features/question-bank/routes/admin-questions-page')).then((m) => ({ Component: m.AdminQuestionsPage })) },
          { path: 'questions/new', handle: wide, lazy: () => withCatalogues(['question-bank'], import('@/features/question-bank/routes/question-editor-page')).then((m) => ({ Component: m.QuestionEditorPage })) },
          { path: 'questions/import', lazy: () => withCatalogues(['question-bank'], import('@/features/question-bank/routes/question-import-page')).then((m) => ({ Component: m.QuestionImportPage })) },
          { path: 'questions/:id/edit', handle: wide, lazy: () => withCatalogues(['question-bank'], import('@/features/question-bank/routes/question-editor-page')).then((m) => ({ Component: m.QuestionEditorPage })) },
          { path: 'topics/:id/edit', handle: wide, lazy: () => withCatalogues(['editor'], import('@/features/editor/routes/topic-editor-page')).then((m) => ({ Component: m.TopicEditorPage })) },
          { path: 'tests', lazy: () => withCatalogues(['papers-admin'], import('@/features/papers-admin/routes/admin-tests-page')).then((m) => ({ Component: m.AdminTestsPage })) },
          { path: 'tests/new', handle: wide, lazy: () => withCatalogues(['papers-admin'], import('@/features/papers-admin/routes/test-editor-page')).then((m) => ({ Component: m.TestEditorPage })) },
          { path: 'tests/:id/edit', handle: wide, lazy: () => withCatalogues(['papers-admin'], import('@/features/papers-admin/routes/test-editor-page')).then((m) => ({ Component: m.TestEditorPage })) },
          { path: 'challenges', lazy: () => withCatalogues(['challenges-admin'], import('@/features/challenges-admin/routes/admin-challenges-page')).then((m) => ({ Component: m.AdminChallengesPage })) },
          { path: 'tests/:id/stats', handle: wide, lazy: () => withCatalogues(['papers-admin'], import('@/features/papers-admin/routes/item-stats-page')).then((m) => ({ Component: m.ItemStatsPage })) },
          { path: 'contests', lazy: () => withCatalogues(['contests-admin'], import('@/features/contests-admin/routes/admin-contests-page')).then((m) => ({ Component: m.AdminContestsPage })) },
          { path: 'contests/new', handle: wide, lazy: () => withCatalogues(['contests-admin'], import('@/features/contests-admin/routes/contest-editor-page')).then((m) => ({ Component: m.ContestEditorPage })) },
          { path: 'contests/:id/edit', handle: wide, lazy: () => withCatalogues(['contests-admin'], import('@/features/contests-admin/routes/contest-editor-page')).then((m) => ({ Component: m.ContestEditorPage })) },
          { path: 'ads', lazy: () => withCatalogues(['ads'], import('@/features/ads/routes/admin-ads-page')).then((m) => ({ Component: m.AdminAdsPage })) },
          { path: 'ads/new', handle: wide, lazy: () => withCatalogues(['ads'], import('@/features/ads/routes/ad-editor-page')).then((m) => ({ Component: m.AdEditorPage })) },
          { path: 'ads/:id/edit', handle: wide, lazy: () => withCatalogues(['ads'], import('@/features/ads/routes/ad-editor-page')).then((m) => ({ Component: m.AdEditorPage })) },
          {
            lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminRoute })),
            children: [
              { path: 'analytics', handle: wide, lazy: () => withCatalogues(['analytics'], import('@/features/analytics/routes/admin-analytics-page')).then((m) => ({ Component: m.AdminAnalyticsPage })) },
              { path: 'users', lazy: () => withCatalogues(['users'], import('@/features/users/routes/admin-users-page')).then((m) => ({ Component: m.AdminUsersPage })) },
              { path: 'audit', handle: wide, lazy: () => withCatalogues(['audit'], import('@/features/audit/routes/admin-audit-page')).then((m) => ({ Component: m.AdminAuditPage })) },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export const router = createBrowserRouter(routes);
