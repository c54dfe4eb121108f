import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { useQuestionVersions } from '../api/get-question-versions';
import { VersionCompare } from './version-compare';
import { VersionList } from './version-list';

/** The editor's Versions section: why versions exist, the question's versions, and Compare. */
export function QuestionVersions({ questionId }: { questionId: string }) {
  const headingId = useId();
  const versions = useQuestionVersions(questionId);
  const [comparing, setComparing] = useState(false);
  const list = versions.data;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-bold text-slate-900 dark:text-white">
          {t('questions.versions.title')}
        </h2>
        <p className="text-slate-600 dark:text-slate-400">{t('questions.versions.intro')}</p>
      </div>
      {versions.isError && (
        <QueryError message={errorMessage(versions.error, t('errors.generic'))} retryLabel={t('content.retry')} onRetry={() => void versions.refetch()} retrying={versions.isFetching} />
      )}
      {versions.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('editor.list.loading')}
        </p>
      )}
      {list && <VersionList versions={list} />}
      {list && list.length > 1 && (
        <div className="flex flex-col gap-4">
          <Button variant="secondary" className="self-start" aria-expanded={comparing} onClick={() => setComparing((open) => !open)}>
            {comparing ? t('questions.versions.hideCompare') : t('questions.versions.compare')}
          </Button>
          {comparing && <VersionCompare questionId={questionId} versions={list} />}
        </div>
      )}
    </section>
  );
}
