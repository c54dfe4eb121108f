import { t, type MessageKey } from '@/i18n/i18n';

const steps: Array<{ title: MessageKey; body: MessageKey }> = [
  { title: 'home.step.account.title', body: 'home.step.account.body' },
  { title: 'home.step.exam.title', body: 'home.step.exam.body' },
  { title: 'home.step.practise.title', body: 'home.step.practise.body' },
];

/** Three numbered steps from sign-up to daily practice. */
export function HowItWorks() {
  return (
    <section aria-labelledby="steps-title" className="flex flex-col gap-6">
      <h2 id="steps-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {t('home.steps.title')}
      </h2>
      <ol className="grid gap-4 sm:grid-cols-3">
        {steps.map(({ title, body }, index) => (
          <li key={title} className="flex gap-4 sm:flex-col sm:gap-3">
            <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-indigo-600 font-bold text-white">
              {index + 1}
            </span>
            <div className="flex flex-col gap-1">
              <h3 className="font-bold text-slate-900 dark:text-white">{t(title)}</h3>
              <p className="text-slate-600 dark:text-slate-400">{t(body)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
