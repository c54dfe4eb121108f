import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { SignOutCard } from '@/features/auth/components/sign-out-card';
import { ContestRatingCard } from '@/features/contests/components/rating-card';
import { ProfilePage } from '@/features/profile/routes/profile-page';

/** `/profile`: the profile form with the contest rating and the account sections of the auth feature below it. */
export function ProfileRoute() {
  return (
    <ProfilePage
      accountSections={
        <>
          <ContestRatingCard />
          <ChangePasswordCard />
          <SignOutCard />
        </>
      }
    />
  );
}
