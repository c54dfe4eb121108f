import { loginRequestSchema } from '@abhyas/contracts';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useLogin } from '../api/login';
import { AuthForm, EmailField } from './auth-form';

/** Email and password sign-in; validates with the contracts schema before calling the API. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const loginMutation = useLogin();
  const { errors, formError, handleSubmit, showRequestError } = useSchemaForm(loginRequestSchema, {
    onValid: (data) =>
      loginMutation.mutate(data, {
        onSuccess: () => {
          toast.success(t('toast.signedIn'));
          onSignedIn();
        },
        onError: (error) => {
          toast.error(showRequestError(null, error, t('errors.generic')));
        },
      }),
  });

  return (
    <AuthForm onSubmit={handleSubmit} formError={formError}>
      <EmailField error={errors.email} />
      <PasswordField
        name="password"
        label={t('auth.field.password')}
        autoComplete="current-password"
        required
        error={errors.password}
        showLabel={t('form.showPassword')}
      />
      <TextLink to="/forgot-password" className="-mt-2 self-end text-sm">
        {t('auth.login.forgot')}
      </TextLink>
      <Button type="submit" block disabled={loginMutation.isPending}>
        {t('auth.login.submit')}
      </Button>
    </AuthForm>
  );
}
