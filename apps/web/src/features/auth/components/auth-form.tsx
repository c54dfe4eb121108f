import { LIMITS } from '@abhyas/contracts';
import type { FormEvent, ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';

/** The account's email address, typed as phones and password managers expect. */
export function EmailField({ error, autoComplete = 'username' }: { error: string | undefined; autoComplete?: 'username' | 'email' }) {
  return (
    <TextField
      name="email"
      type="email"
      label={t('auth.field.email')}
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      error={error}
    />
  );
}

/** A password being chosen: the rules as a hint, and a password manager may fill in a new one. */
export function NewPasswordField({ name, label, error }: { name: string; label: string; error: string | undefined }) {
  return (
    <PasswordField
      name={name}
      label={label}
      hint={t('auth.field.newPasswordHint', { min: LIMITS.passwordMin })}
      autoComplete="new-password"
      required
      minLength={LIMITS.passwordMin}
      maxLength={LIMITS.passwordMax}
      error={error}
      showLabel={t('form.showPassword')}
    />
  );
}

/** A sign-in or account form: the message of a failed request above its fields. */
export function AuthForm({ onSubmit, formError, children }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; formError: string | null; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError && (
        <Alert tone="error" role="alert">
          {formError}
        </Alert>
      )}
      {children}
    </form>
  );
}
