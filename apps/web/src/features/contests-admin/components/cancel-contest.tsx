import type { AdminContest } from '@abhyas/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useCancelContest } from '../api/save-contest';

/** Cancels a contest with a reason candidates are told; the server refunds paid entries. Not offered once cancelled or final. */
export function CancelContest({ contest }: { contest: AdminContest }) {
  const cancel = useCancelContest();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState(false);
  if (contest.status === 'cancelled' || contest.status === 'final') return null;
  return (
    <Card as="section" aria-labelledby="cancel-title" className="flex max-w-3xl flex-col gap-3">
      <h2 id="cancel-title" className="text-xl font-bold">
        {t('contestEditor.cancel.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('contestEditor.cancel.body')}</p>
      <TextareaField label={t('contestEditor.cancel.reason')} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} error={missing ? t('contestEditor.cancel.reasonMissing') : undefined} />
      {cancel.isError && (
        <Alert tone="error" role="alert">
          {errorMessage(cancel.error, t('contestEditor.cancel.failed'))}
        </Alert>
      )}
      <Button
        variant="danger"
        className="self-start"
        onClick={() => {
          setMissing(reason.trim() === '');
          if (reason.trim()) setConfirming(true);
        }}
      >
        {t('contestEditor.cancel.action')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('contestEditor.cancel.confirmTitle', { title: contest.title })}
        confirmLabel={t('contestEditor.cancel.action')}
        cancelLabel={t('contestEditor.cancel.keep')}
        pending={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate({ id: contest.id, reason: reason.trim() }, { onSettled: () => setConfirming(false) })}
      >
        {t('contestEditor.cancel.confirmBody', { count: contest.entries.confirmed + contest.entries.pending })}
      </ConfirmDialog>
    </Card>
  );
}
