import type { AdminQuestion } from '@abhyas/contracts';
import { Link } from 'react-router';
import { t } from '@/i18n/i18n';
import { formatDate } from '@/lib/format';
import { stemExcerpt } from '../utils/stem-excerpt';
import { QuestionBadges } from './question-badges';

const checkboxClasses = 'size-5 shrink-0 accent-indigo-600';

export interface QuestionListProps {
  questions: readonly AdminQuestion[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

/** One page of questions: a checkbox, the stem (a link to edit it), labels, category, topic and last update. */
export function QuestionList({ questions, selected, onToggle }: QuestionListProps) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {questions.map((question) => {
        const excerpt = stemExcerpt(question.stem) || t('questions.list.noStem');
        return (
          <li key={question.id} className="flex gap-3 p-4">
            <div className="flex min-h-11 min-w-8 items-start justify-center pt-0.5">
              <input
                type="checkbox"
                className={checkboxClasses}
                checked={selected.has(question.id)}
                onChange={() => onToggle(question.id)}
                aria-label={t('questions.list.select', { stem: stemExcerpt(question.stem, 60) })}
              />
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <Link
                to={`/admin/questions/${question.id}/edit`}
                className="font-semibold break-words text-slate-900 underline-offset-2 hover:underline dark:text-white"
              >
                {excerpt}
              </Link>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm text-slate-600 dark:text-slate-400">
                <QuestionBadges question={question} />
                {question.categoryPath && <span className="break-all">{question.categoryPath}</span>}
                {question.topic && <span className="break-words">{t('questions.list.topic', { title: question.topic.title })}</span>}
                <span>{t('editor.list.updated', { date: formatDate(question.updatedAt) })}</span>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export { checkboxClasses };
