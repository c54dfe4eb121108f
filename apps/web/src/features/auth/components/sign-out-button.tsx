import { Button, type ButtonVariant } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { useSignOut } from '../api/logout';

/** Signs out on every device and returns to the home page. */
export function SignOutButton({ variant = 'ghost', className }: { variant?: ButtonVariant; className?: string }) {
  const signOut = useSignOut();
  return (
    <Button variant={variant} className={className} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
      {t('auth.signOut.button')}
    </Button>
  );
}
