import { CHALLENGE_LIMITS, flagResolveInputSchema } from '@abhyas/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { issuesToFieldErrors, type FieldErrors } from '@/lib/form-errors';
import { useResolveFlags, type FlagResolveInput } from '../api/resolve-flags';

const RESOLUTIONS = ['fixed', 'dismissed'] as const satisfies readonly FlagResolveInput['resolution'][];

/** Closes a question's open reports without a key decision: fixed by an edit, or dismissed; the reply goes to every reporter. */
export function ResolveForm({ questionId }: { questionId: string }) {
  const id = useId();
  const [resolution, setResolution] = useState<FlagResolveInput['resolution']>('fixed');
  const [reply, setReply] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const resolve = useResolveFlags();

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = flagResolveInputSchema.safeParse({ questionId, resolution, reply });
        if (!parsed.success) {
          setErrors(issuesToFieldErrors(parsed.error.issues));
          return;
        }
        setErrors({});
        resolve.mutate(parsed.data, { onSuccess: () => setReply('') });
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('challengeQueue.close.title')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('challengeQueue.close.intro')}</p>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-1">
        <legend className="mb-1 text-sm font-semibold">{t('challengeQueue.close.as')}</legend>
        {RESOLUTIONS.map((r) => (
          <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name={`${id}-resolution`} value={r} checked={resolution === r} onChange={() => setResolution(r)} className="size-5 shrink-0 accent-indigo-600" />
            <span>{t(`challengeQueue.close.${r}`)}</span>
          </label>
        ))}
      </fieldset>
      <TextareaField label={t('challengeQueue.close.reply')} hint={t('challengeQueue.close.replyHint')} rows={2} maxLength={CHALLENGE_LIMITS.noteMax} value={reply} onChange={(event) => setReply(event.target.value)} error={errors.reply} />
      {resolve.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(resolve.error, t('challengeQueue.close.failed'))}
        </Alert>
      )}
      <Button type="submit" variant="secondary" className="self-stretch sm:self-start" disabled={resolve.isPending}>
        {t('challengeQueue.close.submit')}
      </Button>
    </form>
  );
}
