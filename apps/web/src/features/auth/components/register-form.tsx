import { LIMITS, registerRequestSchema } from '@abhyas/contracts';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useRegister } from '../api/register';
import { AuthForm, EmailField, NewPasswordField } from './auth-form';

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
    <AuthForm onSubmit={handleSubmit} formError={formError}>
      <TextField name="name" label={t('auth.field.name')} autoComplete="name" required maxLength={LIMITS.nameMax} error={errors.name} />
      <EmailField error={errors.email} autoComplete="email" />
      <NewPasswordField name="password" label={t('auth.field.password')} error={errors.password} />
      <Button type="submit" block disabled={registerMutation.isPending}>
        {t('auth.register.submit')}
      </Button>
    </AuthForm>
  );
}
