import { PALETTE_STATES, type PaletteState } from '@abhyas/contracts';
import { PaletteLegend } from '@/components/exam/palette-legend';
import { useId } from 'react';
import { PaletteMark } from '@/components/exam/palette-mark';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { ExamDialog } from './exam-dialog';

export interface SectionCounts {
  title: string;
  counts: Record<PaletteState, number>;
}

export interface SubmitDialogProps {
  open: boolean;
  sections: readonly SectionCounts[];
  total: Record<PaletteState, number>;
  markedAnsweredCounts: boolean;
  pending: number;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Before submitting: how many questions are in each state (per section and in all), then a
 * confirmation. On a phone the columns are headed by the palette's shapes, named in a key under the
 * table, so all five fit a 360-px screen.
 */
export function SubmitDialog({ open, sections, total, markedAnsweredCounts, pending, busy, error, onConfirm, onClose }: SubmitDialogProps) {
  const rows = sections.length > 1 ? [...sections, { title: t('exam.submit.total'), counts: total }] : [{ title: t('exam.submit.total'), counts: total }];
  const captionId = useId();
  return (
    <ExamDialog
      open={open}
      title={t('exam.submit.title')}
      onClose={() => !busy && onClose()}
      actions={
        <>
          <Button variant="secondary" autoFocus onClick={onClose} disabled={busy}>
            {t('exam.submit.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {busy && <Spinner className="size-5 text-white" />}
            {t('exam.submit.confirm')}
          </Button>
        </>
      }
    >
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption id={captionId} className="sr-only">{t('exam.submit.caption')}</caption>
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-700 hc:border-white">
              <th scope="col" className="py-2 pr-2 text-left font-semibold">
                {t('exam.intro.col.section')}
              </th>
              {PALETTE_STATES.map((state) => (
                <th key={state} scope="col" className="px-1 py-2 text-center align-bottom text-xs font-semibold sm:w-18">
                  <span className="flex flex-col items-center gap-1">
                    <PaletteMark state={state} className="size-6" />
                    <span className="sr-only sm:not-sr-only">{t(`exam.state.${state}`)}</span>
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.title} className="border-b border-slate-200 dark:border-slate-800 hc:border-white">
                <th scope="row" className="py-2 pr-2 text-left font-medium break-words">
                  {row.title}
                </th>
                {PALETTE_STATES.map((state) => (
                  <td key={state} className="px-1 py-2 text-center tabular-nums">
                    {row.counts[state]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* On a phone the columns are headed by the shapes alone: the key names them (the table's heads still do for screen readers). */}
      <div aria-hidden="true" className="sm:hidden">
        <PaletteLegend />
      </div>
      <p className="text-sm">{markedAnsweredCounts ? t('exam.submit.markedCounts') : t('exam.submit.markedNotCounted')}</p>
      <p className="font-medium">{t('exam.submit.final')}</p>
      {pending > 0 && <Alert tone="warning">{pending === 1 ? t('exam.submit.pendingOne') : t('exam.submit.pending', { count: pending })}</Alert>}
      {error && (
        <Alert tone="error" role="alert">
          {error}
        </Alert>
      )}
    </ExamDialog>
  );
}
