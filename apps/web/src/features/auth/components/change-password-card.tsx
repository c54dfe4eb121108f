import { changePasswordRequestSchema } from '@abhyas/contracts';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/password-field';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useChangePassword } from '../api/change-password';
import { NewPasswordField } from './auth-form';

/** The "Change password" section of the account page. */
export function ChangePasswordCard() {
  const changePasswordMutation = useChangePassword();
  const { errors, handleSubmit, showRequestError } = useSchemaForm(changePasswordRequestSchema, {
    onValid: (data, form) =>
      changePasswordMutation.mutate(data, {
        onSuccess: () => {
          form.reset();
          toast.success(t('toast.passwordChanged'));
        },
        onError: (error) => {
          toast.error(showRequestError(form, error, t('errors.generic'), { INVALID_CREDENTIALS: 'currentPassword' }));
        },
      }),
  });

  return (
    <Card as="section" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('auth.changePassword.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('auth.changePassword.intro')}</p>
      <form noValidate onSubmit={handleSubmit} className="mt-5 flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField
            name="currentPassword"
            label={t('auth.field.currentPassword')}
            autoComplete="current-password"
            required
            error={errors.currentPassword}
            showLabel={t('form.showPassword')}
          />
          <NewPasswordField name="newPassword" label={t('auth.field.newPassword')} error={errors.newPassword} />
        </div>
        <Button type="submit" variant="secondary" className="self-start" disabled={changePasswordMutation.isPending}>
          {t('auth.changePassword.submit')}
        </Button>
      </form>
    </Card>
  );
}
