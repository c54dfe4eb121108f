import type { QuestionVersionSummary } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { formatList, t } from '@/i18n/i18n';
import { formatDate, formatTimestamp } from '@/lib/format';

/** What a version changed from the one before, in words ("question text, options and answer key"). */
function changesInWords(version: QuestionVersionSummary): string | null {
  if (version.version === 1) return t('questions.versions.first');
  if (version.changes.length === 0) return null;
  return t('questions.versions.changed', { changes: formatList(version.changes.map((change) => t(`questions.change.${change}`))) });
}

/** A question's versions, newest first: number, when and by whom, what changed, and since when attempts use it. */
export function VersionList({ versions }: { versions: readonly QuestionVersionSummary[] }) {
  return (
    <ol className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {versions.map((version) => {
        const changes = changesInWords(version);
        return (
          <li key={version.version} className="flex flex-col gap-1.5 p-4">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900 dark:text-white">{t('questions.versions.number', { version: version.version })}</span>
              {version.current && <Badge tone="indigo">{t('questions.versions.current')}</Badge>}
              {version.firstUsedAt && <Badge tone="slate">{t('questions.versions.inUseSince', { date: formatDate(version.firstUsedAt) })}</Badge>}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('questions.versions.saved', { date: formatTimestamp(version.createdAt), author: version.author?.name ?? t('questions.versions.noAuthor') })}
            </p>
            {changes && <p className="text-sm text-slate-800 dark:text-slate-200">{changes}</p>}
          </li>
        );
      })}
    </ol>
  );
}
