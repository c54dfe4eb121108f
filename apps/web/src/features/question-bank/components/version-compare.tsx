import type { QuestionVersion, QuestionVersionSummary } from '@abhyas/contracts';
import { useMemo, useState } from 'react';
import { QueryError } from '@/components/ui/query-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/i18n/i18n';
import { errorMessage } from '@/lib/api-error';
import { formatMarks } from '@/lib/format';
import { useQuestionVersion } from '../api/get-question-version';
import { compareVersions, type VersionWords } from '../utils/version-diff';
import { VersionColumn } from './version-column';

const words: VersionWords = {
  type: (type) => t(`questions.type.${type}`),
  marking: (marking) => t(`questions.marking.${marking}`),
  marks: formatMarks,
};

/** The two versions, once both are in, side by side (stacked on a phone). */
function SideBySide({ before, after }: { before: QuestionVersion; after: QuestionVersion }) {
  const comparison = useMemo(() => compareVersions(before, after, words), [before, after]);
  const showMarking = before.type === 'multiple' || after.type === 'multiple';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <VersionColumn version={before} side="before" comparison={comparison} showMarking={showMarking} otherTranslationLanguage={after.translation?.language ?? null} />
      <VersionColumn version={after} side="after" comparison={comparison} showMarking={showMarking} otherTranslationLanguage={before.translation?.language ?? null} />
    </div>
  );
}

/** Two versions of a question loaded in full and compared, the first from the second. */
function Comparison({ questionId, from, to }: { questionId: string; from: number; to: number }) {
  const before = useQuestionVersion(questionId, from);
  const after = useQuestionVersion(questionId, to);
  const failed = before.error ?? after.error;
  if (failed) {
    return (
      <QueryError
        message={errorMessage(failed, t('errors.generic'))}
        retryLabel={t('content.retry')}
        onRetry={() => {
          if (before.isError) void before.refetch();
          if (after.isError) void after.refetch();
        }}
        retrying={before.isFetching || after.isFetching}
      />
    );
  }
  if (!before.data || !after.data) {
    return (
      <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
        <Spinner />
        {t('questions.versions.loadingCompare')}
      </p>
    );
  }
  return <SideBySide before={before.data} after={after.data} />;
}

/**
 * Compare: two versions picked (the current one and the one before it at first) and shown side by
 * side, what the second changed marked in both.
 */
export function VersionCompare({ questionId, versions }: { questionId: string; versions: readonly QuestionVersionSummary[] }) {
  const current = versions.find((v) => v.current) ?? versions[0]!;
  const previous = versions.find((v) => v.version < current.version) ?? current;
  const [from, setFrom] = useState(previous.version);
  const [to, setTo] = useState(current.version);
  const options = versions.map((v) => ({ value: String(v.version), label: t(v.current ? 'questions.versions.numberCurrent' : 'questions.versions.number', { version: v.version }) }));
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('questions.versions.compareFrom')} value={String(from)} onChange={(event) => setFrom(Number(event.target.value))} options={options} />
        <SelectField label={t('questions.versions.compareTo')} value={String(to)} onChange={(event) => setTo(Number(event.target.value))} options={options} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('questions.versions.legend')}</p>
      {from === to ? <p className="text-slate-600 dark:text-slate-400">{t('questions.versions.pickTwo')}</p> : <Comparison questionId={questionId} from={from} to={to} />}
    </div>
  );
}
