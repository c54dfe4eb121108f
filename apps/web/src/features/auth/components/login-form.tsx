import { loginRequestSchema } from '@abhyas/contracts';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useLogin } from '../api/login';

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
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {formError && (
        <Alert tone="error" role="alert">
          {formError}
        </Alert>
      )}
      <TextField
        name="email"
        type="email"
        label={t('auth.field.email')}
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.email}
      />
      <PasswordField
        name="password"
        label={t('auth.field.password')}
        autoComplete="current-password"
        required
        error={errors.password}
        showLabel={t('form.showPassword')}
      />
      <Button type="submit" block disabled={loginMutation.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
