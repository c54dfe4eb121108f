import { EXAM_LIMITS, QUESTION_DIFFICULTIES, type PracticeChoices, type PracticeStart } from '@abhyas/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';

type Difficulty = (typeof QUESTION_DIFFICULTIES)[number];
export type StartChoice = { by: 'category' | 'topic'; category: string; topic: string };

const { practiceCountMin: MIN, practiceCountMax: MAX } = EXAM_LIMITS;
export const DEFAULT_COUNT = 10;

/** "Banking › Reasoning (20)": a category path as the select shows it. */
const categoryLabel = (path: string, count: number) => t('practice.start.option', { name: path.split('/').join(' › '), count });

/**
 * The bank session form: a category or a learning topic, a difficulty mix and a number of questions.
 * `initial` comes from the address (a topic page's "Practise this topic").
 */
export function StartForm({
  choices,
  initial,
  pending,
  onStart,
}: {
  choices: PracticeChoices | undefined;
  initial: StartChoice;
  pending: boolean;
  onStart: (request: PracticeStart) => void;
}) {
  const [choice, setChoice] = useState<StartChoice>(initial);
  const [levels, setLevels] = useState<Difficulty[]>([...QUESTION_DIFFICULTIES]);
  const [count, setCount] = useState(String(DEFAULT_COUNT));
  const [errors, setErrors] = useState<{ topic?: string; levels?: string; count?: string }>({});
  const levelsId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(count);
    const found = {
      ...(Number.isInteger(n) && n >= MIN && n <= MAX ? {} : { count: t('practice.start.countInvalid', { min: MIN, max: MAX }) }),
      ...(levels.length > 0 ? {} : { levels: t('practice.start.difficultyNone') }),
      ...(choice.by === 'topic' && !choice.topic ? { topic: t('practice.start.topicMissing') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onStart({
      source: 'bank',
      count: n,
      ...(choice.by === 'category' && choice.category ? { category: choice.category } : {}),
      ...(choice.by === 'topic' ? { topic: choice.topic } : {}),
      ...(levels.length < QUESTION_DIFFICULTIES.length ? { difficulties: levels } : {}),
    });
  };

  const toggleLevel = (level: Difficulty) =>
    setLevels((current) => (current.includes(level) ? current.filter((l) => l !== level) : QUESTION_DIFFICULTIES.filter((l) => l === level || current.includes(l))));

  const topics = choices?.topics ?? [];
  // A topic asked for in the address stays choosable while the list loads (or if it has no questions).
  const topicOptions = [
    { value: '', label: t('practice.start.chooseTopic') },
    ...topics.map((topic) => ({ value: topic.slug, label: t('practice.start.option', { name: topic.title, count: topic.count }) })),
    ...(choice.topic && !topics.some((topic) => topic.slug === choice.topic) ? [{ value: choice.topic, label: choice.topic }] : []),
  ];
  const categoryOptions = [
    { value: '', label: t('practice.start.allCategories', { count: choices?.total ?? 0 }) },
    ...(choices?.categories ?? []).map((c) => ({ value: c.path, label: categoryLabel(c.path, c.count) })),
    ...(choice.category && !choices?.categories.some((c) => c.path === choice.category) ? [{ value: choice.category, label: choice.category }] : []),
  ];

  return (
    <Card as="section" aria-labelledby="practice-start-title" className="flex flex-col gap-5">
      <h2 id="practice-start-title" className="text-xl font-bold text-slate-900 dark:text-white">
        {t('practice.start.title')}
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{t('practice.start.by')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(['category', 'topic'] as const).map((by) => (
              <label key={by} className="flex min-h-11 items-center gap-2 text-base text-slate-900 dark:text-slate-100">
                <input type="radio" name="by" value={by} checked={choice.by === by} onChange={() => setChoice({ ...choice, by })} className="size-5 accent-indigo-600" />
                {t(by === 'category' ? 'practice.start.byCategory' : 'practice.start.byTopic')}
              </label>
            ))}
          </div>
        </fieldset>

        {choice.by === 'category' ? (
          <SelectField label={t('practice.start.category')} value={choice.category} options={categoryOptions} onChange={(e) => setChoice({ ...choice, category: e.target.value })} />
        ) : (
          <SelectField label={t('practice.start.topic')} value={choice.topic} options={topicOptions} error={errors.topic} onChange={(e) => setChoice({ ...choice, topic: e.target.value })} />
        )}

        <fieldset className="flex flex-col gap-1.5" aria-describedby={`${levelsId}-hint${errors.levels ? ` ${levelsId}-error` : ''}`}>
          <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{t('practice.start.difficulty')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            {QUESTION_DIFFICULTIES.map((level) => (
              <label key={level} className="flex min-h-11 items-center gap-2 text-base text-slate-900 dark:text-slate-100">
                <input type="checkbox" checked={levels.includes(level)} onChange={() => toggleLevel(level)} className="size-5 accent-indigo-600" />
                {t(`practice.difficulty.${level}`)}
              </label>
            ))}
          </div>
          <p id={`${levelsId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {t('practice.start.difficultyHint')}
          </p>
          {errors.levels && (
            <p id={`${levelsId}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
              {errors.levels}
            </p>
          )}
        </fieldset>

        <TextField
          label={t('practice.start.count')}
          hint={t('practice.start.countHint', { min: MIN, max: MAX })}
          error={errors.count}
          type="number"
          inputMode="numeric"
          min={MIN}
          max={MAX}
          step={1}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          className="sm:max-w-40"
        />

        <Button type="submit" disabled={pending} className="self-stretch sm:self-start">
          {pending && <Spinner className="size-5 text-white" />}
          {pending ? t('practice.start.starting') : t('practice.start.submit')}
        </Button>
      </form>
    </Card>
  );
}
