import { CONTEST_ICONS, CONTEST_LEVELS, CONTEST_LIMITS, contestInputSchema, type AdminContest, type ContestIcon as IconKey, type ContestLevel } from '@abhyas/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ContestIcon } from '@/components/contests/contest-icon';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { useSaveContest } from '../api/save-contest';
import { draftFromContest, draftToInput, pathErrors, type ContestDraft } from '../utils/contest-draft';
import { PaperNotes } from './paper-notes';
import { PrizeLines } from './prize-lines';
import { TestPicker } from './test-picker';

function focusFirstError(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Creates or edits a contest: its details, the test it runs, when it starts (in the editor's local
 * time), how long, seats, price in rupees (sent in paise), prize lines, the freeze and whether it
 * is published. Checked with the contract's schema before sending; the server's refusals land on
 * their fields.
 */
export function ContestForm({ contest, onSaved }: { contest?: AdminContest; onSaved?: (saved: AdminContest) => void }) {
  const save = useSaveContest();
  const [draft, setDraft] = useState<ContestDraft>(() => draftFromContest(contest));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof ContestDraft>(key: K, value: ContestDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const taken = contest ? contest.entries.confirmed + contest.entries.pending : 0;
  // A cancelled contest, or one whose results are final, is kept as it was: nothing to save.
  const locked = contest?.status === 'cancelled' || contest?.status === 'final';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const input = draftToInput(draft);
    const parsed = contestInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(pathErrors(parsed.error.issues));
      focusFirstError(form);
      return;
    }
    setErrors({});
    save.mutate(
      { id: contest?.id, input },
      {
        ...(onSaved ? { onSuccess: onSaved } : {}),
        onError: (error) => {
          const message = errorMessage(error, t('editor.saveFailed'));
          setFormError(message);
          if (isApiError(error) && error.details.length > 0) {
            setErrors(pathErrors(error.details.map((d) => ({ path: d.field.split('.'), message: d.message }))));
            focusFirstError(form);
          }
          toast.error(message);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-3xl">
      <fieldset disabled={locked} className="flex min-w-0 flex-col gap-5">
        {formError && (
          <Alert tone="error" role="alert">
            {formError}
          </Alert>
        )}
        <TextField name="title" label={t('editor.field.title')} value={draft.title} maxLength={CONTEST_LIMITS.titleMax} onChange={(e) => set('title', e.target.value)} error={errors.title} />
        <TextField name="slug" label={t('editor.field.slug')} hint={t('editor.field.slugHint')} value={draft.slug} autoComplete="off" onChange={(e) => set('slug', e.target.value)} error={errors.slug} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex items-end gap-3">
            <div className="flex-1">
              <SelectField name="icon" label={t('contestEditor.field.icon')} value={draft.icon} onChange={(e) => set('icon', e.target.value as IconKey)} options={CONTEST_ICONS.map((icon) => ({ value: icon, label: t(`contestEditor.icon.${icon}`) }))} error={errors.icon} />
            </div>
            <span className="mb-0.5 grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
              <ContestIcon icon={draft.icon} />
            </span>
          </div>
          <SelectField name="level" label={t('contestEditor.field.level')} value={draft.level} onChange={(e) => set('level', e.target.value as ContestLevel)} options={CONTEST_LEVELS.map((level) => ({ value: level, label: t(`contestEditor.level.${level}`) }))} error={errors.level} />
        </div>
        <TextareaField name="description" label={t('contestEditor.field.description')} rows={4} maxLength={CONTEST_LIMITS.descriptionMax} value={draft.description} onChange={(e) => set('description', e.target.value)} error={errors.description} />
        <TestPicker value={draft.testId} currentTitle={contest?.testTitle ?? null} onChange={(id) => set('testId', id)} error={errors.testId} />
        <PaperNotes testId={draft.testId} savedTestId={contest?.testId ?? null} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="startsAt" type="datetime-local" label={t('contestEditor.field.startsAt')} hint={t('contestEditor.field.startsAtHint', { zone: timeZone() })} value={draft.startsAtLocal} onChange={(e) => set('startsAtLocal', e.target.value)} error={errors.startsAt} />
          <TextField name="durationMinutes" type="number" inputMode="numeric" min={CONTEST_LIMITS.durationMinutesMin} max={CONTEST_LIMITS.durationMinutesMax} label={t('contestEditor.field.duration')} value={draft.durationMinutes} onChange={(e) => set('durationMinutes', e.target.value)} error={errors.durationMinutes} />
          <TextField
            name="totalSeats"
            type="number"
            inputMode="numeric"
            min={Math.max(1, taken)}
            label={t('contestEditor.field.seats')}
            hint={taken > 0 ? t('contestEditor.field.seatsHint', { count: taken }) : undefined}
            value={draft.totalSeats}
            onChange={(e) => set('totalSeats', e.target.value)}
            error={errors.totalSeats}
          />
          <TextField name="price" inputMode="decimal" label={t('contestEditor.field.price')} hint={t('contestEditor.field.priceHint')} value={draft.priceRupees} onChange={(e) => set('priceRupees', e.target.value)} error={errors.priceAmount} />
          <TextField name="freezeMinutes" type="number" inputMode="numeric" min={1} max={CONTEST_LIMITS.freezeMinutesMax} label={t('contestEditor.field.freeze')} hint={t('contestEditor.field.freezeHint')} value={draft.freezeMinutes} onChange={(e) => set('freezeMinutes', e.target.value)} error={errors.freezeMinutes} />
        </div>
        <PrizeLines prizes={draft.prizes} onChange={(prizes) => set('prizes', prizes)} errors={errors} max={CONTEST_LIMITS.prizesMax} />
        <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-slate-800 dark:text-slate-200">
          <input type="checkbox" name="published" className="size-5 shrink-0 accent-indigo-600" checked={draft.published} onChange={(e) => set('published', e.target.checked)} />
          {t('contestEditor.field.published')}
        </label>
        {!locked && (
          <Button type="submit" disabled={save.isPending} className="self-stretch px-8 sm:self-start">
            {t('editor.save')}
          </Button>
        )}
      </fieldset>
    </form>
  );
}
