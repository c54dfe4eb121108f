import type { TestSummary } from '@abhyas/contracts';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';
import { formatMarks } from '@/lib/format';
import { writtenIn } from '@/lib/question-language';
import { LanguagesMark } from './languages-mark';

/** A published test in the list: title (the link), exam, description and its size. */
export function TestCard({ test }: { test: TestSummary }) {
  return (
    <article className="relative flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap gap-2">
        {test.exam && <Badge>{test.exam}</Badge>}
        {test.lockedSections && <Badge tone="amber">{t('exam.list.locked')}</Badge>}
        <LanguagesMark languages={test.languages} />
      </div>
      <h2 lang={writtenIn(test.title)} className="text-lg leading-snug font-bold text-slate-900 dark:text-white">
        {/* The link's box covers the whole card, so the card is one big tap target. */}
        <Link to={`/tests/${test.slug}`} className="rounded after:absolute after:inset-0 hover:text-indigo-700 dark:hover:text-indigo-300">
          {test.title}
        </Link>
      </h2>
      {test.description && (
        <p lang={writtenIn(test.description)} className="line-clamp-3 leading-7 text-slate-600 dark:text-slate-400">
          {test.description}
        </p>
      )}
      <p className="mt-auto flex flex-wrap gap-x-2 pt-2 text-sm text-slate-600 dark:text-slate-400">
        <span>{test.questionCount === 1 ? t('exam.list.questionOne') : t('exam.list.questions', { count: test.questionCount })}</span>
        <span aria-hidden="true">·</span>
        <span>{t('exam.list.minutes', { count: test.durationMinutes })}</span>
        <span aria-hidden="true">·</span>
        <span>{t('exam.list.marks', { marks: formatMarks(test.maxScore) })}</span>
        {test.sectionCount > 1 && (
          <>
            <span aria-hidden="true">·</span>
            <span>{t('exam.list.sections', { count: test.sectionCount })}</span>
          </>
        )}
      </p>
    </article>
  );
}
