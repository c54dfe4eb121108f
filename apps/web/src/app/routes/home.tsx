import { HomePage } from '@/features/home/routes/home-page';
import { useProfile } from '@/features/profile/api/get-profile';
import { useAuthToken } from '@/lib/use-auth-token';

/** `/`: the landing page, told who is signed in (name and completion come from the profile). */
export function HomeRoute() {
  const token = useAuthToken();
  const profile = useProfile();
  const user = profile.data?.user;
  const viewer = token ? { name: user?.name ?? null, isCompleted: user?.isCompleted ?? null } : null;
  return <HomePage viewer={viewer} />;
}
