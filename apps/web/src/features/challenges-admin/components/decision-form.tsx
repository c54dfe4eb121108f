import { CHALLENGE_LIMITS, KEY_DECISION_ACTIONS, keyDecisionInputSchema, type ChallengeQueueItem, type KeyDecisionAction, type KeyDecisionInput, type OptionId } from '@abhyas/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Prose } from '@/components/ui/prose';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import { errorMessage, isApiError } from '@/lib/api-error';
import { detailsToFieldErrors, issuesToFieldErrors, type FieldErrors } from '@/lib/form-errors';
import { useDecideKey } from '../api/decide-key';

type Scope = 'test' | 'every';

const namesOptions = (action: KeyDecisionAction | null) => action === 'change' || action === 'accept';

const fieldError = (message: string | undefined, id: string) =>
  message ? (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;

/**
 * The decision on one queued question's key: the action (each explained in a line), the right options
 * for a change or an accept, the scope (this test, or every test that used this version) and the note
 * candidates read. A confirmation says that attempts will be re-marked and candidates told.
 */
export function DecisionForm({ item }: { item: ChallengeQueueItem }) {
  const id = useId();
  const [action, setAction] = useState<KeyDecisionAction | null>(null);
  const [options, setOptions] = useState<OptionId[]>([]);
  const [scope, setScope] = useState<Scope>(item.test ? 'test' : 'every');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [ready, setReady] = useState<KeyDecisionInput | null>(null);
  const decide = useDecideKey();

  const submit = () => {
    if (!action) {
      setErrors({ action: t('challengeQueue.form.actionRequired') });
      return;
    }
    const input: KeyDecisionInput = {
      version: item.version,
      ...(scope === 'test' && item.test ? { testId: item.test.id } : {}),
      action,
      // In bank order, whatever order they were ticked in.
      ...(namesOptions(action) ? { correctOptionIds: item.options.map((o) => o.id).filter((o) => options.includes(o)) } : {}),
      note,
    };
    const parsed = keyDecisionInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    decide.reset();
    setReady(parsed.data);
  };
  const confirm = () => {
    if (!ready) return;
    decide.mutate(
      { questionId: item.questionId, input: ready },
      {
        onSuccess: () => {
          setReady(null);
          setAction(null);
          setOptions([]);
          setNote('');
        },
        onError: (error) => {
          setReady(null);
          if (isApiError(error)) setErrors(detailsToFieldErrors(error.details));
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('challengeQueue.form.title')}
      </h3>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.action ? `${id}-action-error` : undefined}>
        <legend className="mb-1 text-sm font-semibold">{t('challengeQueue.form.action')}</legend>
        {KEY_DECISION_ACTIONS.map((a) => (
          <label key={a} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-slate-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/50">
            <input type="radio" name={`${id}-action`} value={a} checked={action === a} onChange={() => setAction(a)} className="mt-1 size-5 shrink-0 accent-indigo-600" />
            <span className="flex flex-col">
              <span className="font-semibold">{t(`challengeQueue.action.${a}`)}</span>
              <span className="text-sm text-slate-700 dark:text-slate-300">{t(`challengeQueue.action.${a}.hint`)}</span>
            </span>
          </label>
        ))}
        {fieldError(errors.action, `${id}-action-error`)}
      </fieldset>

      {namesOptions(action) && (
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.correctOptionIds ? `${id}-options-error` : undefined}>
          <legend className="mb-1 text-sm font-semibold">{t(action === 'accept' ? 'challengeQueue.form.acceptOptions' : 'challengeQueue.form.changeOptions')}</legend>
          {item.options.map((option) => (
            <label key={option.id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-700">
              <input
                type="checkbox"
                value={option.id}
                checked={options.includes(option.id)}
                onChange={() => setOptions((current) => (current.includes(option.id) ? current.filter((o) => o !== option.id) : [...current, option.id]))}
                className="mt-1 size-5 shrink-0 accent-indigo-600"
              />
              <span className="font-bold">{option.id}.</span>
              <Prose html={option.html} className="min-w-0 flex-1 [&>p]:my-0" />
            </label>
          ))}
          {fieldError(errors.correctOptionIds, `${id}-options-error`)}
        </fieldset>
      )}

      {item.test ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('challengeQueue.form.scope')}</legend>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name={`${id}-scope`} value="test" checked={scope === 'test'} onChange={() => setScope('test')} className="size-5 shrink-0 accent-indigo-600" />
            <span>{t('challengeQueue.form.scopeTest', { test: item.test.title })}</span>
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name={`${id}-scope`} value="every" checked={scope === 'every'} onChange={() => setScope('every')} className="size-5 shrink-0 accent-indigo-600" />
            <span>{t('challengeQueue.form.scopeEvery', { version: item.version })}</span>
          </label>
        </fieldset>
      ) : (
        <p className="text-sm">
          <span className="font-semibold">{t('challengeQueue.form.scope')}:</span> {t('challengeQueue.form.scopeEvery', { version: item.version })}
        </p>
      )}

      <TextareaField
        label={t('challengeQueue.form.note')}
        hint={t('challengeQueue.form.noteHint')}
        rows={3}
        maxLength={CHALLENGE_LIMITS.noteMax}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note}
      />
      {errors.version && fieldError(errors.version, `${id}-version-error`)}
      {errors.testId && fieldError(errors.testId, `${id}-test-error`)}
      {decide.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(decide.error, t('challengeQueue.form.failed'))}
        </Alert>
      )}
      <Button type="submit" className="self-stretch sm:self-start" disabled={decide.isPending}>
        {t('challengeQueue.form.submit')}
      </Button>

      <ConfirmDialog
        open={ready !== null}
        title={t('challengeQueue.confirm.title')}
        confirmLabel={t('challengeQueue.confirm.confirm')}
        cancelLabel={t('challengeQueue.confirm.cancel')}
        pending={decide.isPending}
        onCancel={() => setReady(null)}
        onConfirm={confirm}
      >
        <p>
          {ready?.testId && item.test ? t('challengeQueue.confirm.bodyTest', { test: item.test.title }) : t('challengeQueue.confirm.bodyEvery', { version: item.version })}
        </p>
      </ConfirmDialog>
    </form>
  );
}
