import { useNavigate, useSearchParams } from 'react-router';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { safeNextPath } from '@/lib/safe-redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

/** /login: sign in, then go to `?next=` (a path on this site) or the profile. */
export function LoginPage() {
  useDocumentTitle(t('auth.login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'), '/profile');

  return (
    <AuthCard
      title={t('auth.login.title')}
      intro={t('auth.login.intro')}
      footer={
        <p>
          {t('auth.login.noAccount')} <TextLink to="/register">{t('auth.login.toRegister')}</TextLink>
        </p>
      }
    >
      <LoginForm onSignedIn={() => void navigate(next, { replace: true })} />
    </AuthCard>
  );
}
