import { PASSWORD_RESET } from '@abhyas/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/**
 * /forgot-password: asks for a link to reset the password. The confirmation reads the same
 * whether or not an account uses the address, as the server's answer does (docs/PRODUCT.md §8.1).
 */
export function ForgotPasswordPage() {
  useDocumentTitle(t('auth.forgot.title'));
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthCard
      title={t('auth.forgot.title')}
      intro={t('auth.forgot.intro')}
      footer={
        <p>
          {t('auth.forgot.remembered')} <TextLink to="/login">{t('auth.forgot.toLogin')}</TextLink>
        </p>
      }
    >
      {sentTo === null ? (
        <ForgotPasswordForm onSent={setSentTo} />
      ) : (
        <Alert tone="success" role="status" title={t('auth.forgot.sentTitle')}>
          {t('auth.forgot.sent', { email: sentTo, minutes: PASSWORD_RESET.linkTtlMinutes })}
        </Alert>
      )}
    </AuthCard>
  );
}
