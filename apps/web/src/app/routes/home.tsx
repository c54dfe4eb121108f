import { LatestBlogs } from '@/features/blogs/components/latest-blogs';
import { HomePage } from '@/features/home/routes/home-page';
import { FeaturedTopics } from '@/features/topics/components/featured-topics';
import { useCurrentUser } from '@/lib/current-user';
import { useAuthToken } from '@/lib/use-auth-token';

/** `/`: the landing page, told who is signed in, with the newest blogs and featured topics in it. */
export function HomeRoute() {
  const token = useAuthToken();
  const profile = useCurrentUser();
  const user = profile.data?.user;
  const viewer = token ? { name: user?.name ?? null, isCompleted: user?.isCompleted ?? null, firstVisit: user ? user.previousSignInAt === null : null } : null;
  return (
    <HomePage
      viewer={viewer}
      content={
        <>
          <LatestBlogs />
          <FeaturedTopics />
        </>
      }
    />
  );
}
