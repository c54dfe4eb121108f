import { GENDERS, LANGUAGES, LIMITS, profileUpdateSchema, TARGET_EXAM_SUGGESTIONS, type User } from '@abhyas/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';
import { FormSection } from './form-section';

const EXAM_LIST_ID = 'target-exam-suggestions';

function genderOptions() {
  return [
    { value: '', label: t('profile.gender.unset') },
    ...GENDERS.map((gender) => ({ value: gender, label: t(`gender.${gender}`) })),
  ];
}

// Each language is named in its own script, so it is recognisable whatever the UI language.
function languageOptions() {
  return LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`), lang: language }));
}

// The form reads every field as text; the contracts schema turns blanks into null and normalises the rest.
function toProfileUpdate(values: Record<string, string>): Record<string, unknown> {
  const { gender = '', ...rest } = values;
  return { ...rest, gender: gender === '' ? null : gender };
}

/** Edits the profile; the parent re-mounts it (via `key`) whenever a newer profile arrives. */
export function ProfileForm({ user }: { user: User }) {
  const updateMutation = useUpdateProfile();
  const today = new Date().toISOString().slice(0, 10);
  // Field messages from a 400 VALIDATION_FAILED go next to their fields (docs/PRODUCT.md §4).
  const { errors, formError, handleSubmit, showRequestError } = useSchemaForm(profileUpdateSchema, {
    prepare: toProfileUpdate,
    onValid: (data, form) => updateMutation.mutate(data, { onError: (error) => void showRequestError(form, error, '') }),
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-8">
      {updateMutation.isError && (
        <Alert tone="error" role="alert" title={t('profile.updateFailed')}>
          {formError}
        </Alert>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('profile.requiredNote')}</p>

      <FormSection legend={t('profile.section.about')}>
        <TextField name="name" label={t('profile.field.name')} defaultValue={user.name} autoComplete="name" maxLength={LIMITS.nameMax} error={errors.name} />
        <TextField label={t('profile.field.email')} hint={t('profile.field.emailHint')} value={user.email} type="email" readOnly />
        <TextField
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          label={t('profile.field.phone')}
          hint={t('profile.field.phoneHint')}
          defaultValue={user.phone ?? ''}
          maxLength={16}
          error={errors.phone}
        />
        <TextField
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          label={t('profile.field.dateOfBirth')}
          defaultValue={user.dateOfBirth ?? ''}
          min="1900-01-01"
          max={today}
          error={errors.dateOfBirth}
        />
        <SelectField name="gender" label={t('profile.field.gender')} defaultValue={user.gender ?? ''} options={genderOptions()} error={errors.gender} />
      </FormSection>

      <FormSection legend={t('profile.section.location')}>
        <TextField name="city" label={t('profile.field.city')} defaultValue={user.city ?? ''} autoComplete="address-level2" maxLength={LIMITS.shortTextMax} error={errors.city} />
        <TextField name="state" label={t('profile.field.state')} defaultValue={user.state ?? ''} autoComplete="address-level1" maxLength={LIMITS.shortTextMax} error={errors.state} />
        <TextField
          name="pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[0-9]*"
          maxLength={6}
          label={t('profile.field.pincode')}
          hint={t('profile.field.pincodeHint')}
          defaultValue={user.pincode ?? ''}
          error={errors.pincode}
        />
      </FormSection>

      <FormSection legend={t('profile.section.preparation')}>
        <TextField
          name="targetExam"
          list={EXAM_LIST_ID}
          label={t('profile.field.targetExam')}
          hint={t('profile.field.targetExamHint')}
          defaultValue={user.targetExam ?? ''}
          maxLength={LIMITS.shortTextMax}
          autoComplete="off"
          error={errors.targetExam}
        />
        <datalist id={EXAM_LIST_ID}>
          {TARGET_EXAM_SUGGESTIONS.map((exam) => (
            <option key={exam} value={exam} />
          ))}
        </datalist>
        <TextField
          name="education"
          label={t('profile.field.education')}
          hint={t('profile.field.educationHint')}
          defaultValue={user.education ?? ''}
          maxLength={LIMITS.shortTextMax}
          error={errors.education}
        />
        <SelectField
          name="preferredLanguage"
          label={t('profile.field.preferredLanguage')}
          defaultValue={user.preferredLanguage}
          options={languageOptions()}
          error={errors.preferredLanguage}
        />
      </FormSection>

      <Button type="submit" className="self-stretch sm:self-start" disabled={updateMutation.isPending}>
        {t('profile.save')}
      </Button>
    </form>
  );
}
