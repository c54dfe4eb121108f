import { COMPENSATORY_TIME, type User } from '@abhyas/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';

export interface AccommodationFormProps {
  user: User;
  /** Whether this user's figure is being saved. */
  saving: boolean;
  onSave: (extraMinutesPerHour: number) => void;
}

/** A whole number of minutes from 0 to the most allowed, or null. */
function parseMinutes(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const minutes = Number(text.trim());
  return minutes <= COMPENSATORY_TIME.maxMinutesPerHour ? minutes : null;
}

/**
 * A candidate's compensatory time in timed papers (docs/PRODUCT.md §8.11): extra minutes per hour,
 * with the standard 20 offered and 0 for none. Saved with its own button; attempts already running
 * keep the time they started with.
 */
export function AccommodationForm({ user, saving, onSave }: AccommodationFormProps) {
  const id = useId();
  const [text, setText] = useState(String(user.extraMinutesPerHour));
  const [error, setError] = useState<string | null>(null);
  // A saved or refetched figure replaces what the field shows.
  const [stored, setStored] = useState(user.extraMinutesPerHour);
  if (stored !== user.extraMinutesPerHour) {
    setStored(user.extraMinutesPerHour);
    setText(String(user.extraMinutesPerHour));
  }
  const unchanged = parseMinutes(text) === user.extraMinutesPerHour;

  function submit(event: FormEvent) {
    event.preventDefault();
    const minutes = parseMinutes(text);
    if (minutes === null) {
      setError(t('users.extraTime.invalid', { max: COMPENSATORY_TIME.maxMinutesPerHour }));
      return;
    }
    setError(null);
    if (minutes !== user.extraMinutesPerHour) onSave(minutes);
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1 sm:items-end" aria-label={t('users.extraTime.formLabel', { name: user.name })}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t('users.extraTime.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={COMPENSATORY_TIME.maxMinutesPerHour}
          step={1}
          list={`${id}-suggested`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={controlClasses(error !== null, 'w-24')}
        />
        <datalist id={`${id}-suggested`}>
          <option value={COMPENSATORY_TIME.standardMinutesPerHour}>{t('users.extraTime.standard', { minutes: COMPENSATORY_TIME.standardMinutesPerHour })}</option>
          <option value={0}>{t('users.extraTime.noneOption')}</option>
        </datalist>
        <Button type="submit" variant="secondary" disabled={saving || unchanged}>
          {saving && <Spinner className="size-4" />}
          {t('users.extraTime.save')}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        {t('users.extraTime.hint', { minutes: COMPENSATORY_TIME.standardMinutesPerHour })}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
