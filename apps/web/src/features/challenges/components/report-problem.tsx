import { REPORT_REASONS, type MyFlag } from '@abhyas/contracts';
import { useState } from 'react';
import { TextLink } from '@/components/ui/text-link';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useReportProblem } from '../api/report-problem';
import { FlagDialog } from './flag-dialog';
import { FlagStatus } from './flag-status';

/** A challenge or report shown in place of the button that sent it, with the way to the candidate's list. */
export function SentFlag({ flag }: { flag: MyFlag }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-300 px-4 py-3 dark:border-slate-700">
      <FlagStatus flag={flag} />
      <TextLink to="/me/challenges" className="self-start text-sm">
        {t('challenges.mine.link')}
      </TextLink>
    </div>
  );
}

/**
 * "Report a problem with this question": a small link-like button opening the report dialog (the
 * four challenge reasons and "Something else"). Once sent, or when `existing` is the candidate's open
 * report on the question, the report shows in its place. `attemptId` names where the question was seen.
 */
export function ReportProblem({ questionId, attemptId, existing = null }: { questionId: string; attemptId?: string | undefined; existing?: MyFlag | null }) {
  const [open, setOpen] = useState(false);
  const report = useReportProblem(questionId);
  const sent = report.data ?? existing;
  if (sent) return <SentFlag flag={sent} />;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          report.reset();
          setOpen(true);
        }}
        className="inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-semibold text-slate-700 underline underline-offset-4 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white"
      >
        <span aria-hidden="true">⚑</span>
        {t('challenges.report.button')}
      </button>
      <FlagDialog
        open={open}
        title={t('challenges.report.title')}
        intro={t('challenges.report.intro')}
        reasons={REPORT_REASONS}
        submitLabel={t('challenges.report.submit')}
        pending={report.isPending}
        error={report.isError ? errorMessage(report.error, t('challenges.report.failed')) : null}
        onClose={() => setOpen(false)}
        onSubmit={(draft) => report.mutate({ ...draft, ...(attemptId ? { attemptId } : {}) }, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}
