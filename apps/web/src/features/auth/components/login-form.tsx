import { loginRequestSchema } from '@abhyas/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { detailsToFieldErrors, focusFirstError, formValues, issuesToFieldErrors, type FieldErrors } from '@/lib/form-errors';
import { useLogin } from '../api/login';

/** Email and password sign-in; validates with the contracts schema before calling the API. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const loginMutation = useLogin();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const parsed = loginRequestSchema.safeParse(formValues(form));
    if (!parsed.success) {
      const fieldErrors = issuesToFieldErrors(parsed.error.issues);
      setErrors(fieldErrors);
      focusFirstError(form, fieldErrors);
      return;
    }
    setErrors({});
    loginMutation.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('toast.signedIn'));
        onSignedIn();
      },
      onError: (error) => {
        const message = errorMessage(error, t('errors.generic'));
        setFormError(message);
        if (isApiError(error)) setErrors(detailsToFieldErrors(error.details));
        toast.error(message);
      },
    });
  }

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
