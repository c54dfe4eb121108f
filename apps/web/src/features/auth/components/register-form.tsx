import { LIMITS, registerRequestSchema } from '@abhyas/contracts';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useRegister } from '../api/register';

/** Name, email and password sign-up; validates with the contracts schema before calling the API. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const registerMutation = useRegister();
  const { errors, formError, handleSubmit, showRequestError } = useSchemaForm(registerRequestSchema, {
    onValid: (data, form) =>
      registerMutation.mutate(data, {
        onSuccess: () => {
          toast.success(t('toast.registered'));
          onRegistered();
        },
        onError: (error) => {
          toast.error(showRequestError(form, error, t('errors.generic'), { EMAIL_TAKEN: 'email' }));
        },
      }),
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {formError && (
        <Alert tone="error" role="alert">
          {formError}
        </Alert>
      )}
      <TextField name="name" label={t('auth.field.name')} autoComplete="name" required maxLength={LIMITS.nameMax} error={errors.name} />
      <TextField
        name="email"
        type="email"
        label={t('auth.field.email')}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.email}
      />
      <PasswordField
        name="password"
        label={t('auth.field.password')}
        hint={t('auth.field.newPasswordHint', { min: LIMITS.passwordMin })}
        autoComplete="new-password"
        required
        minLength={LIMITS.passwordMin}
        maxLength={LIMITS.passwordMax}
        error={errors.password}
        showLabel={t('form.showPassword')}
      />
      <Button type="submit" block disabled={registerMutation.isPending}>
        {t('auth.register.submit')}
      </Button>
    </form>
  );
}
