import { LIMITS, passwordSchema, resetPasswordRequestSchema } from '@abhyas/contracts';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { t } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useResetPassword } from '../api/reset-password';
import { AuthForm, NewPasswordField } from './auth-form';

// The new password typed twice; the server checks the same rules as at registration.
const resetFormSchema = resetPasswordRequestSchema
  .omit({ token: true })
  .extend({ confirmPassword: passwordSchema })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], error: () => t('auth.reset.mismatch') });

interface ResetPasswordFormProps {
  token: string;
  onReset: () => void;
  /** The link was used already, replaced by a newer one, or is too old. */
  onLinkInvalid: () => void;
}

/** Sets a new password with the token from the emailed link. */
export function ResetPasswordForm({ token, onReset, onLinkInvalid }: ResetPasswordFormProps) {
  const resetMutation = useResetPassword();
  const { errors, formError, handleSubmit, showRequestError } = useSchemaForm(resetFormSchema, {
    onValid: ({ password }, form) =>
      resetMutation.mutate(
        { token, password },
        {
          onSuccess: onReset,
          onError: (error) => {
            if (isApiError(error) && error.code === 'RESET_LINK_INVALID') return onLinkInvalid();
            toast.error(showRequestError(form, error, t('errors.generic')));
          },
        },
      ),
  });

  return (
    <AuthForm onSubmit={handleSubmit} formError={formError}>
      <NewPasswordField name="password" label={t('auth.field.newPassword')} error={errors.password} />
      <PasswordField
        name="confirmPassword"
        label={t('auth.reset.confirm')}
        autoComplete="new-password"
        required
        maxLength={LIMITS.passwordMax}
        error={errors.confirmPassword}
        showLabel={t('form.showPassword')}
      />
      <Button type="submit" block disabled={resetMutation.isPending}>
        {t('auth.reset.submit')}
      </Button>
    </AuthForm>
  );
}
