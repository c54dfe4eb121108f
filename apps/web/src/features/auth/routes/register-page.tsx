import { useNavigate } from 'react-router';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';

/** /register: create an account, then complete the profile. */
export function RegisterPage() {
  useDocumentTitle(t('auth.register.title'));
  const navigate = useNavigate();

  return (
    <AuthCard
      title={t('auth.register.title')}
      intro={t('auth.register.intro')}
      footer={
        <p>
          {t('auth.register.haveAccount')} <TextLink to="/login">{t('auth.register.toLogin')}</TextLink>
        </p>
      }
    >
      <RegisterForm onRegistered={() => void navigate('/profile', { replace: true })} />
    </AuthCard>
  );
}
