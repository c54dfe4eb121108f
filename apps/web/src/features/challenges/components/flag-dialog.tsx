import { CHALLENGE_LIMITS, type ReportReason } from '@abhyas/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';

export interface FlagDraft<R extends ReportReason = ReportReason> {
  reason: R;
  comment?: string;
}

export interface FlagDialogProps<R extends ReportReason> {
  open: boolean;
  title: string;
  intro: string;
  reasons: readonly R[];
  submitLabel: string;
  pending: boolean;
  /** The server's refusal (a second challenge, a closed window…) in its own words. */
  error: string | null;
  onSubmit: (draft: FlagDraft<R>) => void;
  onClose: () => void;
}

function FlagForm<R extends ReportReason>({ title, intro, reasons, submitLabel, pending, error, onSubmit, onClose, titleId }: Omit<FlagDialogProps<R>, 'open'> & { titleId: string }) {
  const [reason, setReason] = useState<R | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const name = useId();
  const submit = () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    const text = comment.trim();
    onSubmit({ reason, ...(text ? { comment: text } : {}) });
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4 p-5 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id={titleId} className="text-lg font-bold text-balance">
        {title}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{intro}</p>
      <fieldset className="flex flex-col gap-2" aria-describedby={missing ? `${name}-missing` : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">{t('challenges.dialog.reason')}</legend>
        {reasons.map((r) => (
          <label key={r} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-slate-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/50">
            <input
              type="radio"
              name={name}
              value={r}
              checked={reason === r}
              onChange={() => {
                setReason(r);
                setMissing(false);
              }}
              disabled={pending}
              className="size-5 shrink-0 accent-indigo-600"
            />
            <span>{t(`challenges.reason.${r}`)}</span>
          </label>
        ))}
        {missing && (
          <p id={`${name}-missing`} className="text-sm font-medium text-red-700 dark:text-red-400">
            {t('challenges.dialog.reasonRequired')}
          </p>
        )}
      </fieldset>
      <TextareaField
        label={t('challenges.dialog.comment')}
        hint={t('challenges.dialog.commentHint', { max: CHALLENGE_LIMITS.commentMax })}
        rows={3}
        maxLength={CHALLENGE_LIMITS.commentMax}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        disabled={pending}
      />
      {error && (
        <Alert tone="error" role="alert">
          {error}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('challenges.dialog.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner className="size-5 text-white" />}
          {pending ? t('challenges.dialog.sending') : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * A challenge or a report as a modal on the native `<dialog>`: what is wrong (radio buttons in plain
 * words), an optional comment, and the server's refusal when there is one. Keys pressed inside stay
 * inside, so a page's own shortcuts (practice's Enter for "next") do not act behind it.
 */
export function FlagDialog<R extends ReportReason>({ open, onClose, pending, ...form }: FlagDialogProps<R>) {
  const titleId = useId();
  return (
    <ModalDialog open={open} labelledBy={titleId} onCancel={() => !pending && onClose()} onKeyDown={(event) => event.stopPropagation()}>
      {open && <FlagForm {...form} pending={pending} onClose={onClose} titleId={titleId} />}
    </ModalDialog>
  );
}
