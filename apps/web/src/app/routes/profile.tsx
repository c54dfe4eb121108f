import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { SignOutCard } from '@/features/auth/components/sign-out-card';
import { MyFlagsCard } from '@/features/challenges/components/my-flags-card';
import { ContestRatingCard } from '@/features/contests/components/rating-card';
import { ProfilePage } from '@/features/profile/routes/profile-page';

/** `/profile`: the profile form with the contest rating, the way to the candidate's challenges and reports, and the account sections of the auth feature below it. */
export function ProfileRoute() {
  return (
    <ProfilePage
      accountSections={
        <>
          <ContestRatingCard />
          <MyFlagsCard />
          <ChangePasswordCard />
          <SignOutCard />
        </>
      }
    />
  );
}
