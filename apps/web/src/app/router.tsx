import { createBrowserRouter } from 'react-router';
import { redirectIfSignedIn, requireSignedIn } from './guards';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { Layout } from './shell/layout';
import { PageFallback } from './shell/page-fallback';
import { RouteError } from './shell/route-error';

/** Every page. The home page ships in the main bundle; the others load on first visit. */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'login',
        loader: redirectIfSignedIn,
        lazy: () => import('@/features/auth/routes/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'register',
        loader: redirectIfSignedIn,
        lazy: () => import('@/features/auth/routes/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: 'profile',
        loader: requireSignedIn,
        lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })),
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
]);
