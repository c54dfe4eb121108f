import { REQUIRED_PROFILE_FIELDS, type User } from '@abhyas/contracts';
import { Alert } from '@/components/ui/alert';
import { formatList, t } from '@/i18n/i18n';

const missingLabelKeys = {
  name: 'profile.missing.name',
  phone: 'profile.missing.phone',
  pincode: 'profile.missing.pincode',
  targetExam: 'profile.missing.targetExam',
} as const;

/** The fields that still keep the profile from being complete. */
export function missingProfileFields(user: User) {
  return REQUIRED_PROFILE_FIELDS.filter((field) => !user[field]?.trim());
}

/** "Complete your profile" prompt, shown only while the server says the profile is incomplete. */
export function CompletionBanner({ user }: { user: User }) {
  if (user.isCompleted) return null;
  const missing = missingProfileFields(user).map((field) => t(missingLabelKeys[field]));
  return (
    <Alert tone="warning" role="status" title={t('profile.incomplete.title')}>
      {missing.length > 0
        ? t('profile.incomplete.body', { fields: formatList(missing) })
        : t('profile.requiredNote')}
    </Alert>
  );
}
