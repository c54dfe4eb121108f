import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { SignOutCard } from '@/features/auth/components/sign-out-card';
import { ProfilePage } from '@/features/profile/routes/profile-page';

/** `/profile`: the profile form with the account sections of the auth feature below it. */
export function ProfileRoute() {
  return (
    <ProfilePage
      accountSections={
        <>
          <ChangePasswordCard />
          <SignOutCard />
        </>
      }
    />
  );
}
