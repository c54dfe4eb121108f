import { TARGET_EXAM_SUGGESTIONS } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';

/** The exams candidates commonly prepare for (the profile's target-exam suggestions). */
export function PopularExams() {
  return (
    <section aria-labelledby="exams-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h2 id="exams-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {t('home.exams.title')}
        </h2>
        <p className="text-slate-600 dark:text-slate-400">{t('home.exams.body')}</p>
      </div>
      <ul className="flex flex-wrap gap-2">
        {TARGET_EXAM_SUGGESTIONS.map((exam) => (
          <li
            key={exam}
            className="rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
          >
            {exam}
          </li>
        ))}
      </ul>
    </section>
  );
}
