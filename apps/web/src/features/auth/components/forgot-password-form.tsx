import { forgotPasswordRequestSchema } from '@abhyas/contracts';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useForgotPassword } from '../api/forgot-password';
import { AuthForm, EmailField } from './auth-form';

/** Asks for a link to reset the password; `onSent` gets the address it was asked for. */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const forgotMutation = useForgotPassword();
  const { errors, formError, handleSubmit, showRequestError } = useSchemaForm(forgotPasswordRequestSchema, {
    onValid: (data, form) =>
      forgotMutation.mutate(data, {
        onSuccess: () => onSent(data.email),
        onError: (error) => {
          toast.error(showRequestError(form, error, t('errors.generic')));
        },
      }),
  });

  return (
    <AuthForm onSubmit={handleSubmit} formError={formError}>
      <EmailField error={errors.email} />
      <Button type="submit" block disabled={forgotMutation.isPending}>
        {t('auth.forgot.submit')}
      </Button>
    </AuthForm>
  );
}
