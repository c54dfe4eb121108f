import { PASSWORD_RESET, resetTokenSchema } from '@abhyas/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button-link';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

function LinkProblem({ title, body }: { title: string; body: string }) {
  return (
    <div className="flex flex-col gap-5">
      <Alert tone="error" role="alert" title={title}>
        {body}
      </Alert>
      <ButtonLink to="/forgot-password" block>
        {t('auth.reset.askAgain')}
      </ButtonLink>
    </div>
  );
}

/** /reset-password?token=…: the page the emailed link opens; choose a new password, then sign in. */
export function ResetPasswordPage() {
  useDocumentTitle(t('auth.reset.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [linkInvalid, setLinkInvalid] = useState(false);

  let content;
  if (!resetTokenSchema.safeParse(token).success) {
    content = <LinkProblem title={t('auth.reset.incompleteTitle')} body={t('auth.reset.incomplete')} />;
  } else if (linkInvalid) {
    content = <LinkProblem title={t('auth.reset.invalidTitle')} body={t('auth.reset.invalid', { minutes: PASSWORD_RESET.linkTtlMinutes })} />;
  } else {
    content = (
      <ResetPasswordForm
        token={token}
        onLinkInvalid={() => setLinkInvalid(true)}
        onReset={() => {
          toast.success(t('toast.passwordReset'));
          void navigate('/login', { replace: true });
        }}
      />
    );
  }

  return (
    <AuthCard
      title={t('auth.reset.title')}
      intro={t('auth.reset.intro')}
      footer={
        <p>
          {t('auth.forgot.remembered')} <TextLink to="/login">{t('auth.forgot.toLogin')}</TextLink>
        </p>
      }
    >
      {content}
    </AuthCard>
  );
}
