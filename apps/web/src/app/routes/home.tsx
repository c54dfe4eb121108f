import { lazy, Suspense } from 'react';
import { LatestBlogs } from '@/features/blogs/components/latest-blogs';
import { HomePage } from '@/features/home/routes/home-page';
import { FeaturedTopics } from '@/features/topics/components/featured-topics';
import { withCatalogues } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useAuthToken } from '@/lib/use-auth-token';

// The strip and its words load after the page, keeping them out of the home page's first download.
const ContestsStrip = lazy(() => withCatalogues(['contests'], import('@/features/contests/components/contests-strip')));

/** `/`: the landing page, told who is signed in, with the contests strip, the newest blogs and featured topics in it. */
export function HomeRoute() {
  const token = useAuthToken();
  const profile = useCurrentUser();
  const user = profile.data?.user;
  const viewer = token ? { name: user?.name ?? null, isCompleted: user?.isCompleted ?? null, firstVisit: user ? user.previousSignInAt === null : null } : null;
  return (
    <HomePage
      viewer={viewer}
      contests={
        <Suspense fallback={<div aria-hidden="true" className="h-64 rounded-2xl bg-slate-100 dark:bg-slate-900" />}>
          <ContestsStrip />
        </Suspense>
      }
      content={
        <>
          <LatestBlogs />
          <FeaturedTopics />
        </>
      }
    />
  );
}
